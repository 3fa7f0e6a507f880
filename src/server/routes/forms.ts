// POST /: the site's two forms (home contact, blog newsletter), stored durably before they are acknowledged.
import { createHmac } from 'node:crypto';
import { fastifyFormbody } from '@fastify/formbody';
import { fastifyMultipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkForm } from '../../features/forms/schema';
import {
  CONTACT_FAILURE,
  controlCharacterInText,
  formNames,
  formRules,
  HONEYPOT_NAME,
  isTicked,
  NEWSLETTER_FAILURE,
  type FormName,
} from '../../features/forms/rules';
import { GroupCommit, type PendingWrite } from '../groupCommit';
import { escapeHtml, simplePage } from '../html';
import { isMalformedMultipart, malformedMultipartMessage } from '../multipart';
import { dedupeKeyFor, StorageUnavailableError, type NewSubmission, type OutboxEntry, type Storage } from '../storage';

// The admin's e-mail check (routes/admin.ts) is the forms' own.
export { emailPattern } from '../../features/forms/rules';

export interface FormRoutesOptions {
  /** Posts per client IP per minute. */
  rateLimitMax: number;
  /** The secret of the IP hashes (see hashIp), never stored in the database. */
  ipHashKey: string;
  /** The deliveries to write with a submission (none for spam, or when no channel is configured). */
  outboxFor?: (form: FormName, spam: boolean) => OutboxEntry | undefined;
  /** Called once a batch with deliveries is committed, so the delivery worker looks at once. */
  onDeliveriesStored?: () => void;
}

/** The stored field that says which page of the site the contact form was sent from (`/contact?program=…`). */
export const cameFromField = 'came-from';

/**
 * The page the post came from, path and query, when the Referer is this site (browsers send the full URL to the
 * same origin): the programme, plan or source a visitor followed to /contact, for whoever answers the lead.
 */
export function cameFrom(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer.length > 2048) return undefined;
  try {
    const url = new URL(referer);
    if (url.host.toLowerCase() !== request.host.toLowerCase()) return undefined;
    const page = `${url.pathname}${url.search}`;
    return page.length <= 300 ? page : undefined;
  } catch {
    return undefined;
  }
}

export const formBodyLimit = 64 * 1024;

/** Where a browser without JavaScript lands after a successful post. */
export const formRedirects: Readonly<Record<FormName, string>> = {
  // The fragments name the prerendered confirmations that show as :target without JavaScript
  // (src/features/forms/fields.tsx NO_SCRIPT_TARGET).
  'home-contact': '/contact?sent=1#message-sent',
  'blog-newsletter': '/blog?subscribed=1#subscribed',
};
const formPages: Readonly<Record<FormName, string>> = { 'home-contact': '/contact', 'blog-newsletter': '/blog' };

/** What a visitor reads when their post could not be stored: the spec's failure texts (docs/requirements.md#form-messages), as the forms show them. */
export const formFailureMessages: Readonly<Record<FormName, string>> = {
  'home-contact': CONTACT_FAILURE,
  'blog-newsletter': NEWSLETTER_FAILURE,
};
/** Seconds a visitor's browser is asked to wait before posting again after a 503. */
export const formRetryAfterSeconds = 30;

export const crossOriginMessage = 'Cross-origin form posts are not accepted';
export const tooManyRequestsMessage = 'Too many requests';

/** Each field's label, in the contact form's order, for the people who read a lead (its e-mail, the admin inbox). */
export const fieldLabels: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(formRules['home-contact']).map(([name, rule]) => [name, rule.label]),
);

export type RawFields = Record<string, string | string[] | undefined>;
export type StoredFields = Record<string, string | boolean>;

export type FormCheck =
  | { ok: true; form: FormName; fields: StoredFields; spam: boolean }
  | { ok: false; form: FormName | null; field: string; error: string };

/**
 * Validates a posted form with the rules the forms themselves check (src/features/forms/schema.ts), reporting the
 * first failing field. Fields the form does not have are ignored and not stored; a filled honeypot skips validation,
 * so a bot learns nothing from the answer.
 */
export function checkSubmission(raw: RawFields): FormCheck {
  const formName = raw['form-name'];
  if (Array.isArray(formName)) {
    return { ok: false, form: null, field: 'form-name', error: 'form-name was sent more than once.' };
  }
  const form = formNames.find((name) => name === formName?.trim());
  if (form === undefined) {
    return {
      ok: false,
      form: null,
      field: 'form-name',
      error: `Unknown form: form-name must be one of ${formNames.join(', ')}.`,
    };
  }
  const rules = formRules[form];

  // Filled in any of its copies: a bot that sends the field twice must not slip past with an empty first one.
  const trap = [raw[HONEYPOT_NAME] ?? []].flat().find((value) => value.trim() !== '');
  if (trap !== undefined) {
    const fields: StoredFields = {};
    for (const [name, rule] of Object.entries(rules)) {
      const value = single(raw[name]);
      if (rule.kind === 'checkbox') fields[name] = isTicked(value);
      else
        fields[name] = withoutControls(value ?? '')
          .trim()
          .slice(0, rule.max);
    }
    fields[HONEYPOT_NAME] = withoutControls(trap).trim().slice(0, 200);
    return { ok: true, form, fields, spam: true };
  }

  const checked = checkForm(form, raw, 'server');
  if (!checked.ok) {
    const [{ field, error }] = checked.problems;
    return { ok: false, form, field, error };
  }
  return { ok: true, form, fields: checked.fields, spam: false };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A spam post is stored, not refused (a bot learns nothing), so what it sent is cleaned instead. */
function withoutControls(value: string): string {
  return value.replace(new RegExp(controlCharacterInText.source, 'gu'), '');
}

/**
 * What is stored of a poster's IP address: HMAC-SHA256 under a key derived from `key` and the UTC day of `at`, cut
 * to 32 hex characters. The same address hashes alike all day (enough to spot a flood) and differently the next
 * day, and without `key`, which lives outside the database, no one can test an address against it: IPv4 is small
 * enough to hash whole, so a salt stored beside the hashes protected nothing (issue 19).
 */
export function hashIp(ip: string, key: string, at: Date): string {
  const dayKey = createHmac('sha256', key).update(at.toISOString().slice(0, 10)).digest();
  return createHmac('sha256', dayKey).update(ip).digest('hex').slice(0, 32);
}

export function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('application/json');
}

/** True when the post comes from another site: a foreign Origin, or the browser says so outright. */
export function isCrossOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site.toLowerCase() === 'cross-site') {
    return true;
  }
  const origin = request.headers.origin;
  if (origin === undefined) {
    return false;
  }
  // request.host is the Host header, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
  const host = request.host;
  try {
    // An opaque origin ("null", from a sandboxed frame or a privacy redirect) fails to parse and is refused too.
    return host === '' || new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    return true;
  }
}

export async function registerFormRoutes(app: FastifyInstance, options: FormRoutesOptions): Promise<void> {
  await app.register(async (forms) => {
    await forms.register(fastifyFormbody, { bodyLimit: formBodyLimit });
    // Fields only: the forms have no file inputs, so the limits are those of a small urlencoded body.
    await forms.register(fastifyMultipart, {
      limits: { fieldSize: formBodyLimit, fields: 32, files: 1, fileSize: formBodyLimit, parts: 33 },
    });

    forms.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isCrossOrigin(request)) {
        request.log.info({ origin: request.headers.origin }, 'Refused a cross-origin form post');
        await reply.code(403).send({ error: crossOriginMessage });
        return reply;
      }
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > formBodyLimit) {
        await reply.code(413).send({ error: 'Request body is too large' });
        return reply;
      }
      return undefined;
    });

    const writer = new SubmissionWriter(forms.storage, options.onDeliveriesStored);

    forms.post(
      '/',
      {
        bodyLimit: formBodyLimit,
        config: { rateLimit: { max: options.rateLimitMax, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const raw = request.isMultipart() ? await readMultipart(request) : readUrlencoded(request.body);
        if ('error' in raw) {
          return sendInvalid(request, reply, { form: null, ...raw });
        }
        const check = checkSubmission(raw.fields);
        if (!check.ok) {
          return sendInvalid(request, reply, check);
        }
        if (request.raw.socket.destroyed) {
          // Bytes past the Content-Length are read by Node as the next request on the connection; when they are not
          // one, the connection is answered 400 and closed before this handler runs. The client was told its post
          // failed, so it must not be stored (it would come again as a duplicate).
          request.log.info({ form: check.form }, 'Form post not stored: its connection had already failed');
          return reply.code(400).send({ error: 'The connection failed before the post was stored' });
        }

        const fields = { ...check.fields };
        const page = check.form === 'home-contact' && !check.spam ? cameFrom(request) : undefined;
        if (page !== undefined) fields[cameFromField] = page;
        const receivedAt = new Date();
        try {
          // Resolves once the row is committed (SQLite synchronous=FULL, or PostgreSQL's commit): only then may
          // we say "thank you". The deliveries (the outbox) are committed with it.
          await writer.write({
            form: check.form,
            fields,
            spam: check.spam,
            receivedAt: receivedAt.toISOString(),
            ipHash: hashIp(request.ip, options.ipHashKey, receivedAt),
            userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
            dedupeKey: dedupeKeyFor(check.form, check.fields, check.spam),
            outbox: options.outboxFor?.(check.form, check.spam),
          });
        } catch (error) {
          return sendNotStored(request, reply, check.form, error);
        }

        if (wantsJson(request)) {
          return reply.code(200).send({ ok: true });
        }
        return reply.redirect(formRedirects[check.form], 303);
      },
    );
  });
}

/** Rows per insert: a burst bigger than this is committed in several batches, one after another. */
const maxBatchRows = 256;

/**
 * The form posts' group commit (see ../groupCommit): a burst of posts costs one commit, and each visitor still hears
 * back only after their own row is durable.
 */
export class SubmissionWriter {
  private readonly group: GroupCommit<NewSubmission>;

  constructor(
    private readonly storage: Pick<Storage, 'insertSubmissions'>,
    private readonly onDeliveriesStored: () => void = () => undefined,
  ) {
    this.group = new GroupCommit((batch) => this.commit(batch), maxBatchRows);
  }

  write(row: NewSubmission): Promise<void> {
    return this.group.write(row);
  }

  private async commit(batch: readonly PendingWrite<NewSubmission>[]): Promise<void> {
    try {
      await this.storage.insertSubmissions(batch.map((pending) => pending.item));
      for (const pending of batch) pending.resolve();
      if (batch.some((pending) => pending.item.outbox !== undefined)) this.onDeliveriesStored();
      return;
    } catch (error) {
      // With the database out of reach, trying the rows one by one would only fail them one by one, slower.
      if (error instanceof StorageUnavailableError || batch.length === 1) {
        for (const pending of batch) pending.reject(error);
        return;
      }
    }
    // The batch was rolled back; one row at a time, so a single bad row fails only its own post.
    for (const pending of batch) {
      try {
        await this.storage.insertSubmissions([pending.item]);
        pending.resolve();
        if (pending.item.outbox !== undefined) this.onDeliveriesStored();
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}

/** The fields, or why the body could not be read (`field` when one field is to blame). */
type ReadResult = { fields: RawFields } | { field?: string; error: string };

function readUrlencoded(body: unknown): ReadResult {
  if (typeof body !== 'object' || body === null) {
    return { field: 'form-name', error: 'Expected a form post (application/x-www-form-urlencoded).' };
  }
  const fields: RawFields = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value)) fields[name] = value.map(String);
  }
  return { fields };
}

async function readMultipart(request: FastifyRequest): Promise<ReadResult> {
  try {
    return await readParts(request);
  } catch (error) {
    if (!isMalformedMultipart(error, request)) throw error;
    request.log.info({ err: error }, 'Client error: malformed multipart body');
    return { error: malformedMultipartMessage };
  }
}

async function readParts(request: FastifyRequest): Promise<ReadResult> {
  const fields: RawFields = {};
  let fileField: string | undefined;
  let total = 0;
  for await (const part of request.parts()) {
    // A part without a name (`Content-Disposition: form-data` alone) belongs to no field.
    if (typeof part.fieldname !== 'string' || part.fieldname === '') {
      if (part.type === 'file') part.file.resume();
      return { error: malformedMultipartMessage };
    }
    if (part.type === 'file') {
      fileField ??= part.fieldname;
      // Drained so the request completes; the answer is a 400 either way.
      part.file.resume();
      continue;
    }
    if (part.valueTruncated) {
      throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    }
    const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    total += value.length + part.fieldname.length;
    if (total > formBodyLimit) {
      throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    }
    const previous = fields[part.fieldname];
    if (previous === undefined) fields[part.fieldname] = value;
    else fields[part.fieldname] = [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  if (fileField !== undefined) {
    return { field: fileField, error: 'This form does not accept file uploads.' };
  }
  return { fields };
}

/**
 * The post was valid but is not stored: 503 when the database is out of reach (try again shortly), 500 otherwise.
 * Never a success, so neither the visitor nor a script believes a message arrived that did not.
 */
function sendNotStored(request: FastifyRequest, reply: FastifyReply, form: FormName, error: unknown): FastifyReply {
  const unavailable = error instanceof StorageUnavailableError;
  request.log.error(
    { err: error, form },
    unavailable ? 'Form post not stored: database unavailable' : 'Form post not stored',
  );
  reply.code(unavailable ? 503 : 500);
  if (unavailable) reply.header('retry-after', String(formRetryAfterSeconds));
  const message = formFailureMessages[form];
  if (wantsJson(request)) {
    return reply.send({ error: message });
  }
  return reply.type('text/html; charset=utf-8').send(notSentPage([escapeHtml(message)], formPages[form]));
}

/** A 400 naming the failing field, if one field is to blame (a body that cannot be read names none). */
function sendInvalid(
  request: FastifyRequest,
  reply: FastifyReply,
  invalid: { form: FormName | null; field?: string; error: string },
): FastifyReply {
  reply.code(400);
  if (wantsJson(request)) {
    return reply.send(
      invalid.field === undefined ? { error: invalid.error } : { error: invalid.error, field: invalid.field },
    );
  }
  const back = invalid.form === null ? '/' : formPages[invalid.form];
  const paragraphs = [escapeHtml(invalid.error)];
  if (invalid.field !== undefined) {
    paragraphs.push(`Please check the field <strong>${escapeHtml(invalid.field)}</strong> and try again.`);
  }
  return reply.type('text/html; charset=utf-8').send(notSentPage(paragraphs, back));
}

/** The page a browser without JavaScript gets when its post was not taken; `paragraphs` are HTML. */
function notSentPage(paragraphs: readonly string[], back: string): string {
  return simplePage({
    title: 'Your form was not sent',
    heading: 'Your form was not sent',
    body: [...paragraphs, `<a href="${escapeHtml(back)}">Go back to the form</a>`]
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join('\n'),
  });
}
