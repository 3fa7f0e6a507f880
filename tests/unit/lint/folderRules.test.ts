// The folder rules (eslint.config.mjs, CONTRIBUTING.md) hold: ESLint itself, with the project's config, refuses an
// import that runs the wrong way and lets the right ones through. Each case is a made-up file linted through stdin
// under a path inside src/, so nothing is written to the tree.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const eslintBin = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** The messages ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
function lint(file: string, code: string): Promise<LintMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', file], {
      cwd: root,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const [result] = JSON.parse(out) as { messages: LintMessage[] }[];
        resolve(result?.messages ?? []);
      } catch {
        reject(new Error(`ESLint printed no report for ${file}: ${err || out}`));
      }
    });
    child.stdin.end(code);
  });
}

const folderRule = (messages: readonly LintMessage[]): string[] =>
  messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);

const cases: { file: string; code: string; refused: RegExp | null }[] = [
  {
    // The two wrong-way imports the review found, as they were written.
    file: 'src/features/consent/WrongWay.lint-fixture.ts',
    code: "import { Footer } from '../../app/layout/Footer';\nexport const footer = Footer;\n",
    refused: /never the shell/,
  },
  {
    file: 'src/features/blog/WrongWay.lint-fixture.ts',
    code: "import { Component } from '../../site/errors/NotFoundPage';\nexport const page = Component;\n",
    refused: /never imports a page/,
  },
  {
    file: 'src/features/blog/Store.lint-fixture.ts',
    code: "import { makeStore } from '../../app/store';\nexport const store = makeStore;\n",
    refused: /never the shell/,
  },
  {
    file: 'src/site/home/Shell.lint-fixture.ts',
    code: "import { routes } from '../../app/routes';\nexport const all = routes;\n",
    refused: /never the shell/,
  },
  {
    file: 'src/ui/Feature.lint-fixture.ts',
    code: "import { blogApi } from '../features/blog';\nexport const api = blogApi;\n",
    refused: /design system/,
  },
  {
    file: 'src/shared/Up.lint-fixture.ts',
    code: "import { blogApi } from '../features/blog';\nexport const api = blogApi;\n",
    refused: /imports none of them/,
  },
  {
    file: 'src/server/Hooks.lint-fixture.ts',
    code: "import { useAppSelector } from '../shared/hooks';\nexport const hook = useAppSelector;\n",
    refused: /only the site facts/,
  },
  {
    file: 'src/features/consent/Kernel.lint-fixture.ts',
    code:
      "import { OPEN_COOKIE_SETTINGS_EVENT } from '../../shared/appEvents';\n" +
      "import { useAppSelector } from '../../shared/hooks';\n" +
      "import { NotFound } from '../../ui/NotFound';\n" +
      'export const parts = [OPEN_COOKIE_SETTINGS_EVENT, useAppSelector, NotFound];\n',
    refused: null,
  },
  {
    file: 'src/server/Facts.lint-fixture.ts',
    code:
      "import { paths } from '../shared/paths';\n" +
      "import { renderPage } from '../app/ssr';\n" +
      "import { checkForm } from '../features/forms/schema';\n" +
      'export const parts = [paths, renderPage, checkForm];\n',
    refused: null,
  },
];

describe('folder rules', () => {
  let results: string[][];

  beforeAll(async () => {
    results = await Promise.all(cases.map(async ({ file, code }) => folderRule(await lint(file, code))));
  }, 120_000);

  it.each(cases.map((testCase, index) => [testCase.file, testCase.refused, index] as const))(
    '%s: refused %s',
    (_file, refused, index) => {
      const messages = results[index] ?? [];
      if (refused) {
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatch(refused);
      } else {
        expect(messages).toEqual([]);
      }
    },
  );
});
