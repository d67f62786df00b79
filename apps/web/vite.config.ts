import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API (npm run dev -w @repo/api) listens on :3000; the dev server proxies every API call to it.
export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 700 },
});
