// Lint rules, including the folder boundaries of ARCHITECTURE.md.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jestDom from 'eslint-plugin-jest-dom';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['blog', 'connectivity', 'theme', 'consent', 'analytics', 'monitoring', 'forms'];

/** A feature may use another feature only through its index.ts. */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: 'Import another feature through its index.ts, not its internals.',
}));

export default defineConfig(
  { ignores: ['dist/', 'dist-node/', 'coverage/', 'data/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Stylistic and noisy with arrow-function event handlers; Prettier owns the shape of code.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The shell (src/app: store, routes, rendering, layout) composes everything; nothing imports it back but
            // the entry points, the server's page renderer and the kernel's own type imports of the store.
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature imports the shared kernel (src/shared), never the shell (src/app).',
            },
            {
              target: './src/features',
              from: './src/site',
              message: 'A feature never imports a page (src/site): pages compose features, not the other way round.',
            },
            {
              target: './src/site',
              from: './src/app',
              message: 'A page imports the shared kernel (src/shared), never the shell (src/app).',
            },
            {
              target: './src/ui',
              from: ['./src/features', './src/site', './src/app'],
              message: 'ui/ is the design system: it knows no features, pages or shell (only the kernel, src/shared).',
            },
            {
              target: './src/shared',
              from: [
                './src/features',
                './src/site',
                './src/ui',
                './src/server',
                './src/main.tsx',
                './src/prerender.tsx',
              ],
              message: 'src/shared is the kernel every part may import: it imports none of them.',
            },
            {
              // Types only (RootState, AppDispatch): the store's shape is the shell's, its types are everyone's.
              target: './src/shared',
              from: './src/app',
              except: ['./store.ts'],
              message: 'src/shared is the kernel every part may import: of the shell it knows only the store types.',
            },
            {
              target: './src/server',
              from: ['./src/site', './src/ui', './src/main.tsx', './src/prerender.tsx'],
              message: 'server/ imports only content/, the page renderer (app/ssr) and its own files.',
            },
            {
              // POST / checks a post with the very rules the forms check in the browser (issue #20): the forms' rules
              // and schema (plain data and zod, no React), never another part of a feature.
              target: './src/server',
              from: './src/features',
              except: ['./forms/rules.ts', './forms/schema.ts'],
              message:
                "server/ imports only content/, the page renderer (app/ssr), the forms' schema and its own files.",
            },
            {
              // Live publishing renders pages on the server (issue #18): through the shell's renderer only.
              target: './src/server',
              from: './src/app',
              except: ['./ssr.tsx'],
              message: 'server/ imports only content/, the page renderer (app/ssr) and its own files.',
            },
            {
              // And the site's own facts: its paths, config, page metadata and feed addresses.
              target: './src/server',
              from: './src/shared',
              except: ['./paths.ts', './config.ts', './meta.ts', './feeds.ts'],
              message: 'server/ takes from the kernel only the site facts: paths, config, meta and feeds.',
            },
            {
              target: './src/content',
              from: ['./src/app', './src/shared', './src/features', './src/site', './src/ui', './src/server'],
              message: 'content/ is the source boundary: plain TypeScript.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The folder rules' own test (tests/unit/lint/folderRules.test.ts) lints made-up files through stdin: they are in
    // no TypeScript program, so the rules that need types are off for them (the folder rules need none).
    files: ['**/*.lint-fixture.ts', '**/*.lint-fixture.tsx'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@reduxjs/*', 'redux*', '@emotion/*'],
              message: 'content/ has no React or Redux.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/hooks.ts', 'src/server/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: 'Use the typed hooks from src/shared/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: jsxA11y.configs.recommended.rules,
  },
  {
    // Hooks live in .ts modules too.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Component tests only: the server, prerender and browser suites have no Testing Library renders.
    files: ['tests/{unit,integration}/**/*.{ts,tsx}'],
    ignores: ['tests/*/server/**', 'tests/integration/prerender/**'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['tests/{unit,integration}/**/*.{ts,tsx}'],
    ignores: ['tests/*/server/**', 'tests/integration/prerender/**'],
    ...jestDom.configs['flat/recommended'],
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
    rules: {
      // Tests assert on values they just checked; non-null assertions keep them readable.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // expect(mock.method) passes methods around without calling them.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['eslint.config.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
