import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * zod probes for `new Function` (to compile fast object parsers) when the first object schema is
 * made. Under the server's Content-Security-Policy (no 'unsafe-eval') Chromium refuses it and
 * reports a `securitypolicyviolation`, although zod catches the error and parses without it. The
 * app's schemas are made while its chunks load, before any code of ours could call
 * `z.config({ jitless: true })`, so the browser build starts zod's global config that way.
 */
const zodWithoutEval = (): Plugin => ({
  name: 'zod-without-eval',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
    const start = '(_a.__zod_globalConfig = {})';
    if (!code.includes(start)) {
      this.error('zod no longer sets up its global config as expected: update zodWithoutEval');
    }
    return code.replace(start, '(_a.__zod_globalConfig = { jitless: true })');
  },
});

export default defineConfig({
  plugins: [react(), zodWithoutEval()],
  server: {
    // `npm run dev -w apps/web` with the API on :3000 (`npm run dev`): Vite serves the app with
    // hot reload and forwards API calls.
    proxy: {
      '/v1': 'http://localhost:3000',
      '/docs': 'http://localhost:3000',
      '/dev/mailbox': 'http://localhost:3000',
    },
  },
  // The manifest lets bench/web-bundle-size.ts add up what each route downloads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
});
