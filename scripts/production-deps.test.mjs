import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build.mjs';

const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8'));
const web = JSON.parse(readFileSync(`${ROOT}apps/web/package.json`, 'utf8'));

// A production server runs `npm ci --omit=dev` after the build (README, Running in production): it
// serves the SPA's built files, so the SPA's own packages (React, Bootstrap, Vite…) stay out of it.
describe('production install', () => {
  it('leaves out the SPA packages: the web workspace has dev dependencies only', () => {
    expect(web.dependencies).toBeUndefined();
    const shipped = [
      'react',
      'react-dom',
      'bootstrap',
      'react-bootstrap',
      'recharts',
      'vite',
    ].filter((name) => lock.packages[`node_modules/${name}`]?.dev !== true);
    expect(shipped).toEqual([]);
  });

  it('brings no build tools, test runners or heavy spreadsheet library to the server (issue 26)', () => {
    // node-libxml declared typescript, jest and ts-jest as runtime dependencies, and node-gyp built it;
    // @sentry/node brought OpenTelemetry and Sentry's bundler plugins (about 85 MB)
    const shipped = [
      'typescript',
      'jest',
      'ts-jest',
      '@babel/core',
      'node-gyp',
      'node-libxml',
      '@sentry/node',
      '@sentry/bundler-plugins',
      // exceljs brought about 60 MB (unzipper, es-abstract's polyfills, fast-csv, archiver); the
      // imports and exports use read-excel-file and write-excel-file, and the tests keep exceljs
      // to read what the server writes the way another program would
      'exceljs',
      'es-abstract',
    ].filter(
      (name) =>
        lock.packages[`node_modules/${name}`] && lock.packages[`node_modules/${name}`].dev !== true,
    );
    expect(shipped).toEqual([]);
  });

  it('adds nothing for the SDK (packages/sdk): a client for integrators, with no runtime dependency', () => {
    const sdk = JSON.parse(readFileSync(`${ROOT}packages/sdk/package.json`, 'utf8'));
    expect(sdk.dependencies).toBeUndefined();
    expect(lock.packages['packages/sdk'].dependencies).toBeUndefined();
  });

  it('keeps what the API runs', () => {
    for (const name of [
      'fastify',
      'pdfkit',
      'zod',
      'drizzle-orm',
      'libxml2-wasm',
      '@sentry/core',
      'read-excel-file',
      'write-excel-file',
    ]) {
      expect(lock.packages[`node_modules/${name}`].dev).toBeUndefined();
    }
  });
});
