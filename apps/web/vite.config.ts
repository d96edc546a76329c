import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev`: the API runs on :3000 (npm run dev -w apps/server), the app on Vite's port.
    proxy: { '/v1': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
