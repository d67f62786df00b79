import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreload } from './vite/route-preload.ts';

// Vendor chunks: libraries change less often than the app, so browsers keep them cached across
// releases, and no chunk passes Vite's 500 kB warning. Routes are lazy (app/route-table/); the
// error-reporting SDK is a chunk of its own, loaded only when the API hands a DSN. react-bootstrap
// is left to automatic splitting, so the login page loads only the few components it shows
// (issue 16: its JavaScript ≤ 120 KB compressed; `npm run budget -w @repo/web` checks it).
const vendorGroups: Array<[name: string, packages: string[]]> = [
  ['vendor-react', ['react', 'react-dom', 'scheduler']],
  ['vendor-router', ['react-router', 'cookie', 'set-cookie-parser']],
  ['vendor-query', ['@tanstack/query-core', '@tanstack/react-query']],
  ['vendor-forms', ['react-hook-form', '@hookform/resolvers']],
  ['vendor-zod', ['zod']],
  ['error-reporting-sdk', ['@sentry', '@sentry-internal', 'web-vitals']],
];

const inPackages = (packages: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`);

// The API (npm run dev -w @repo/api) listens on :3000; the dev server proxies every API call to it.
export default defineConfig({
  plugins: [react(), routePreload({ webDir: import.meta.dirname })],
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // Bootstrap's Sass still uses @import and the old colour functions; its warnings are not ours.
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map(([name, packages]) => ({ name, test: inPackages(packages) })),
          // Shared chunks under 8 KB are copied into the chunks that use them (one module state
          // through rolldown's registry): the invoice form needs 17 requests instead of 46, which
          // on HTTP/1.1 (six connections) and a mobile round trip is most of its load time.
          experimentalInlineCommonChunks: {
            maxSize: 8192,
            exclude: /\.(css|scss|sass)(\?|$)/,
          },
        },
      },
    },
  },
});
