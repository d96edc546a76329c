import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
