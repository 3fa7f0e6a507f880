// The checks of the site's two forms, built from their rules (rules.ts): what the contact form checks before it
// sends, and what POST / checks on the server (src/server/routes/forms.ts), with each side's words for a problem.
//
// zod/mini rather than zod: the contact form is on the home page, and zod's chainable API cannot be tree-shaken
// (every method of every schema comes along).
import * as z from 'zod/mini';
import { controlCharacterInLine, controlCharacterInText, emailPattern, formRules, isTicked } from './rules';
import type { CheckboxRule, FieldRule, FormName, TextRule } from './rules';

// The site's CSP has no 'unsafe-eval' (src/server/headers.ts). Without this, zod probes `new Function` when it builds
// an object schema, and the browser reports the refused probe as a CSP violation; the forms are small, so the
// interpreted parser costs nothing that matters.
z.config({ jitless: true });

/**
 * Who reads a problem: the visitor in the form, before anything is sent, or the client of POST / (the JSON `error`
 * the form then shows next to its field, and the page a browser without JavaScript gets).
 */
type Wording = 'form' | 'server';
type Words = Readonly<Record<Wording, string>>;

const sameWords = (text: string): Words => ({ form: text, server: text });

/** One check of a field, carrying its words in the issue it raises; a field's checks stop at its first failure. */
const rule = (passes: (value: string) => boolean, words: Words) =>
  z.refine<string>(passes, { abort: true, params: words });

function textField(field: TextRule) {
  const { label, max } = field;
  const control = field.multiline === true ? controlCharacterInText : controlCharacterInLine;
  return z.prefault(
    z.string().check(
      z.trim(),
      rule((value) => !control.test(value), sameWords(`${label} contains a character that is not allowed.`)),
      ...(field.required === undefined
        ? []
        : [rule((value) => value !== '', { form: field.required, server: `${label} is required.` })]),
      rule((value) => value.length <= max, {
        form: `Please keep this to ${String(max)} characters or fewer.`,
        server: `${label} must be at most ${String(max)} characters.`,
      }),
      ...(field.email === true
        ? [
            rule((value) => value === '' || emailPattern.test(value), {
              form: 'Please enter a valid email address, such as name@example.com.',
              server: 'Please enter a valid email address.',
            }),
          ]
        : []),
    ),
    '',
  );
}

function checkboxField({ label }: CheckboxRule) {
  return z.pipe(
    z.optional(
      z
        .string()
        .check(rule((value) => !value.includes('\0'), sameWords(`${label} contains a character that is not allowed.`))),
    ),
    z.transform(isTicked),
  );
}

type FieldSchemas<Rules> = {
  -readonly [Name in keyof Rules]: Rules[Name] extends TextRule
    ? ReturnType<typeof textField>
    : ReturnType<typeof checkboxField>;
};

function formSchema<Rules extends Readonly<Record<string, FieldRule>>>(rules: Rules) {
  const shape = Object.fromEntries(
    Object.entries(rules).map(([name, field]) => [
      name,
      field.kind === 'text' ? textField(field) : checkboxField(field),
    ]),
  ) as FieldSchemas<Rules>;
  // Fields a form does not have are dropped (zod's default for objects): they are neither checked nor stored.
  return z.object(shape);
}

// Each form's schema is built at its first check, not when the module loads: the contact form's module comes with the
// home page's lower sections, and building both schemas there was ~7 ms of that chunk's start on Lighthouse's 4x CPU.
const schemaBuilders = {
  'home-contact': () => formSchema(formRules['home-contact']),
  'blog-newsletter': () => formSchema(formRules['blog-newsletter']),
};
type FormSchemas = { [Form in FormName]: ReturnType<(typeof schemaBuilders)[Form]> };
const builtSchemas: Partial<FormSchemas> = {};

function schemaOf<Form extends FormName>(form: Form): FormSchemas[Form] {
  const built = builtSchemas[form] ?? (schemaBuilders[form]() as FormSchemas[Form]);
  builtSchemas[form] = built;
  return built;
}

/** A form's checked fields: text trimmed, checkboxes as booleans. */
type FormFields<Form extends FormName> = z.output<FormSchemas[Form]>;
export type ContactFields = FormFields<'home-contact'>;

interface FieldProblem {
  field: string;
  error: string;
}

type FieldsCheck<Form extends FormName> =
  { ok: true; fields: FormFields<Form> } | { ok: false; problems: [FieldProblem, ...FieldProblem[]] };

/**
 * Checks one post of `form` (its fields by name; others are ignored). On failure, the first problem of each failing
 * field, in the form's order, in the words of `wording`.
 */
export function checkForm<Form extends FormName>(form: Form, input: unknown, wording: Wording): FieldsCheck<Form> {
  const result = schemaOf(form).safeParse(input);
  if (result.success) return { ok: true, fields: result.data as FormFields<Form> };
  const rules: Readonly<Record<string, FieldRule>> = formRules[form];
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (problems.has(field)) continue;
    // A field's only other issue: it is not one string, which a form post makes only by sending the field twice.
    const words =
      issue.code === 'custom'
        ? (issue.params as Words)
        : sameWords(`${rules[field]?.label ?? field} was sent more than once.`);
    problems.set(field, words[wording]);
  }
  const [first, ...rest] = Array.from(problems, ([field, error]) => ({ field, error }));
  if (first === undefined) throw new Error(`zod refused a ${form} post without an issue`);
  return { ok: false, problems: [first, ...rest] };
}
