import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/**
 * The web app's features stand side by side: one feature never imports another (shared code
 * lives in src/components, src/lib, src/config and src/field-kinds). One block per feature
 * forbids the others.
 */
const webFeatures = readdirSync(join(import.meta.dirname, 'apps/web/src/features'));
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((f) => f !== feature).join('|')})(/|$)`,
            message:
              'Features do not import each other: move what both need to src/components or src/lib.',
          },
        ],
      },
    ],
  },
}));

/**
 * A field kind's web code (src/field-kinds/<kind>: its editor panel, its form input) is shared
 * code the features compose: it imports no feature and nothing of the app.
 */
const fieldKindBoundaries = {
  files: ['apps/web/src/field-kinds/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+(features|app)(/|$)',
            message: 'Field kinds import no feature: pass what they need in as props.',
          },
        ],
      },
    ],
  },
};

/**
 * The server's modules reach each other only through their index.ts, which names what the rest
 * of the server may use of the module; the rest of a module is its own business. The same holds
 * for the server's other code (app.ts, deps.ts, plugins). Tests (*.test.ts and apps/server/test/)
 * may import any module's inner files: they set up states (a reserved document, a voucher, a
 * payment provider's stand-in) that no other module has a reason to, and an index names only
 * what the product's code uses.
 */
const serverModules = readdirSync(join(import.meta.dirname, 'apps/server/src/modules'));
const moduleInnerFiles = (modules) => `(${modules.join('|')})/(?!index\\.ts$)`;
const throughIndex = (regex) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex,
          message:
            'Server modules reach each other through their index.ts: export what you need there.',
        },
      ],
    },
  ],
});
const serverTests = ['**/*.test.ts'];
const moduleBoundaries = [
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**`],
    ignores: serverTests,
    rules: throughIndex(
      `^(\\.\\./)+(modules/)?${moduleInnerFiles(serverModules.filter((m) => m !== module))}`,
    ),
  })),
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/modules/**', ...serverTests],
    rules: throughIndex(`^(\\./|(\\.\\./)+)modules/${moduleInnerFiles(serverModules)}`),
  },
  // Where an index would close an import cycle (`npm run lint:cycles`), a file keeps importing
  // inner files. deps.ts builds the Deps that nearly every module file imports as a type, and the
  // indexes of billing, documents, jobs and mail re-export such files (their routes, services).
  // users/index.ts leaves out the routes, which reach auth and billing, which read the account's
  // record through that index: app.ts takes them from users.routes.ts.
  ...Object.entries({
    'deps.ts': ['billing', 'documents', 'jobs', 'mail'],
    'app.ts': ['users'],
  }).map(([file, reachedInside]) => ({
    files: [`apps/server/src/${file}`],
    rules: throughIndex(
      `^\\./modules/${moduleInnerFiles(serverModules.filter((m) => !reachedInside.includes(m)))}`,
    ),
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.runtime/**', 'data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // security.md §50: a regular expression that backtracks super-linearly freezes the event loop
    // for every account on one crafted input (ReDoS). No pattern may backtrack that way; product
    // code may not either rescan a long run from every position of it (quadratic "moves").
    // Tests, the bench and the browser tests only ever match the product's own output.
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    files: ['apps/*/src/**', 'packages/*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'regexp/no-super-linear-move': 'error' },
  },
  ...featureBoundaries,
  fieldKindBoundaries,
  ...moduleBoundaries,
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Typed against types generated from the served API document while its test runs; that test
    // runs the compiler on it, so type-aware rules would only see missing types here.
    files: ['apps/server/test/openapi-client/**'],
    ...tseslint.configs.disableTypeChecked,
  },
);
