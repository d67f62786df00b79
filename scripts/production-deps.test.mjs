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

  it('keeps what the API runs', () => {
    for (const name of ['fastify', 'pdfkit', 'zod', 'drizzle-orm']) {
      expect(lock.packages[`node_modules/${name}`].dev).toBeUndefined();
    }
  });
});
