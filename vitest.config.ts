import { defineConfig } from 'vitest/config';

// Three projects, run in this order by `npm test`: unit (pure, in-process), api (real app + real
// database + real SMTP), e2e (the built app in Debian Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/{scripts,vite}/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A journey waits for what a user waits for (a postal code lookup, a stamp): on a loaded
          // CI machine that can take seconds, so expect.poll waits up to 15 s unless told otherwise.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
