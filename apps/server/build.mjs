/*
 * Compiles the server into dist/ (`npm run build -w apps/server`): production runs JavaScript,
 * never TypeScript through a loader. esbuild bundles our own code, the workspace packages
 * included (they are published as TypeScript sources), and leaves every npm package external:
 * native addons (better-sqlite3, sharp), pdf.js and fonts are resolved from node_modules at
 * run time, as in development.
 *
 * dist/ is flat, so paths the code resolves from its own file stay right: `../../web/dist` (the
 * web app), `./pdf-worker-entry.mjs` (the PDF workers; in src/ the entry of that name
 * re-exports the TypeScript sources, in dist/ it is the compiled worker) and
 * `./svg-render-process.mjs` (the SVG stamps' drawing process, plain JavaScript in both).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const outdir = join(import.meta.dirname, 'dist');

/** npm packages stay imports; only `@platen/*` (ours, TypeScript) and relative paths are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@platen/') ? undefined : { path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: {
    server: 'src/server.ts',
    'pdf-worker-entry': 'src/pdf-pool/pdf-worker.ts',
    // Found beside the server by `new URL('./svg-render-process.mjs', import.meta.url)`.
    'svg-render-process': 'src/modules/templates/svg-render-process.mjs',
    'voucher-cli': 'src/modules/billing/vouchers/voucher-cli.ts',
    'platen-cli': 'src/operator/operator-cli.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  plugins: [npmPackagesExternal],
  // Class and function names as written, for logs and stack traces.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
