import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * expect.poll's bound: vitest's default, 1 s, ran out beside the other run on a busy machine
 * (a click's selection in editor-clicks.test.ts), where the same wait takes milliseconds idle.
 */
const busyMachinePoll = { timeout: 10_000 };

/*
 * Every project of the repository. `npm test` runs the browser tests (e2e) in one `vitest run`
 * and the rest in another, side by side (package.json, concurrently): vitest runs a project
 * whose files go one at a time after every other file, never beside them, and the browser files
 * go one at a time because each starts a server and a Chromium of its own. A clean-clone
 * `.ci/run` on two cores, 2026-11-28: the two runs took 1,623 and 1,630 s, the whole CI 28 min,
 * against 1,781-2,312 s for the one run before (CI 35-40 min), with the same 2,698 tests.
 *
 * Workers: vitest's default, the cores less one, but two at least (the default ran one file at
 * a time on the two-core machine). A clean-clone run on two cores, 2026-11-28: vitest 1,781 s
 * with two workers against 2,547 s with one, every test passing (the browser files one at a
 * time, after the other projects' files). Tried before and not kept: three workers on a loaded
 * machine timed out the two-instance system tests (30 s), and `isolate: false` for the server
 * tests saved ~2 of their 16 minutes (imports are not where the time goes) and broke
 * image-source.test.ts, whose DNS stub leaked.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The generated test corpus, checked on its own (test-fixtures/README.md).
        test: {
          name: 'test-fixtures',
          include: ['test-fixtures/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Checks of the repository as a whole: the docs' paths and anchors (test/doc-links.test.ts).
        test: {
          name: 'repo',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          include: ['packages/client/**/*.test.ts'],
          environment: 'node',
          // The package test packs, installs and type-checks the client in a project of its own.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pdf-engine',
          include: ['packages/pdf-engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // script-renders.test.ts fills and renders every script once before its tests: over
          // vitest's default 10 s on a clean-clone CI whose two runs shared two busy cores.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          // Scans the run's logs for every secret the tests used (security.md §41).
          globalSetup: ['apps/server/test/log-check.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: busyMachinePoll },
        },
      },
      'apps/web',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // The browser tests' servers log into the same scanned run log as the server tests'.
          globalSetup: ['apps/server/test/log-check.setup.ts'],
          // A walk through every screen in both themes takes 30-37 s on an idle two-core machine
          // (editor-screens.test.ts), and ran out of 60 s beside the other run on a busy one.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: busyMachinePoll },
          fileParallelism: false,
        },
      },
    ],
  },
});
