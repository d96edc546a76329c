import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The web app's features stand side by side: one feature never imports another (shared code
 * lives in src/components, src/lib and src/config). One block per feature forbids the others.
 */
const webFeatures = readdirSync(new URL('apps/web/src/features/', import.meta.url));
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
  ...featureBoundaries,
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
