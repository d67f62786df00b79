import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor chunks: libraries change less often than the app, so browsers keep them cached across
// releases, and no chunk passes Vite's 500 kB warning. Routes are lazy (app/router.tsx); the
// error-reporting SDK is a chunk of its own, loaded only when the API hands a DSN.
const vendorGroups: Array<[name: string, packages: string[]]> = [
  ['vendor-react', ['react', 'react-dom', 'scheduler']],
  ['vendor-router', ['react-router', 'cookie', 'set-cookie-parser']],
  ['vendor-query', ['@tanstack/query-core', '@tanstack/react-query']],
  [
    'vendor-bootstrap',
    ['react-bootstrap', '@restart/ui', '@restart/hooks', '@popperjs/core', 'dom-helpers'],
  ],
  ['vendor-forms', ['react-hook-form', '@hookform/resolvers']],
  ['vendor-zod', ['zod']],
  ['error-reporting-sdk', ['@sentry', '@sentry-internal', 'web-vitals']],
];

const inPackages = (packages: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`);

// The API (npm run dev -w @repo/api) listens on :3000; the dev server proxies every API call to it.
export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map(([name, packages]) => ({ name, test: inPackages(packages) })),
        },
      },
    },
  },
});
