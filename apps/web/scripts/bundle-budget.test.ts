import { describe, expect, it } from 'vitest';
import {
  LOGIN_PAGE_BUDGET,
  type Manifest,
  SCREEN_BUDGET,
  checkBudget,
  compressedSizes,
  ownChunks,
  staticClosure,
} from './bundle-budget.ts';

// A manifest shaped like Vite's: the entry, a vendor chunk, the login screen, an invoice screen
// with a chunk it shares with another screen, and a lazy chunk nobody loads up front.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor-react.js'],
    dynamicImports: ['src/app/routes/login.tsx', 'src/app/routes/nuevo.tsx'],
  },
  '_vendor-react.js': { file: 'assets/vendor-react.js', name: 'vendor-react' },
  '_vendor-zod.js': { file: 'assets/vendor-zod.js', name: 'vendor-zod' },
  'src/app/routes/login.tsx': {
    file: 'assets/login.js',
    isDynamicEntry: true,
    imports: ['_vendor-react.js', 'index.html'],
    dynamicImports: ['src/features/sesion/login-validation.ts'],
  },
  'src/features/sesion/login-validation.ts': {
    file: 'assets/login-validation.js',
    isDynamicEntry: true,
    imports: ['_vendor-zod.js'],
  },
  'src/app/routes/nuevo.tsx': {
    file: 'assets/nuevo.js',
    isDynamicEntry: true,
    imports: ['_form.js', '_vendor-zod.js', 'index.html'],
  },
  '_form.js': { file: 'assets/form.js', imports: ['_vendor-react.js'] },
};

const bytes: Record<string, number> = {
  'assets/index.js': 10_000,
  'assets/vendor-react.js': 60_000,
  'assets/vendor-zod.js': 25_000,
  'assets/login.js': 2_000,
  'assets/login-validation.js': 500,
  'assets/nuevo.js': 4_000,
  'assets/form.js': 30_000,
};
const sizeOf = (file: string) => {
  const n = bytes[file] ?? 0;
  return { raw: n * 3, gzip: n, brotli: Math.round(n * 0.9) };
};

describe('bundle budget', () => {
  it('follows static imports only: a lazy chunk is not part of what a page loads first', () => {
    const closure = staticClosure(manifest, ['index.html', 'src/app/routes/login.tsx']);
    expect([...closure].sort()).toEqual([
      '_vendor-react.js',
      'index.html',
      'src/app/routes/login.tsx',
    ]);
  });

  it("counts as a screen's own what its route adds, less the entry's closure and vendor chunks", () => {
    expect(ownChunks(manifest, 'src/app/routes/nuevo.tsx').sort()).toEqual([
      '_form.js',
      'src/app/routes/nuevo.tsx',
    ]);
  });

  it('leaves library chunks that automatic splitting shares out of a screen', () => {
    const isLibrary = (file: string) => file === 'assets/form.js';
    expect(ownChunks(manifest, 'src/app/routes/nuevo.tsx', isLibrary)).toEqual([
      'src/app/routes/nuevo.tsx',
    ]);
  });

  it('sums the login page and each screen against their budgets', () => {
    const report = checkBudget(manifest, sizeOf);
    expect(report.lines.map((l) => [l.label, l.sizes.gzip, l.ok])).toEqual([
      ['login page (all JavaScript)', 72_000, true],
      ['login.tsx (own)', 2_000, true],
      ['nuevo.tsx (own)', 34_000, true],
    ]);
    expect(report.ok).toBe(true);
  });

  it('fails when a page passes its budget', () => {
    bytes['assets/form.js'] = SCREEN_BUDGET;
    bytes['assets/vendor-react.js'] = LOGIN_PAGE_BUDGET;
    const report = checkBudget(manifest, sizeOf);
    expect(report.lines.filter((l) => !l.ok).map((l) => l.label)).toEqual([
      'login page (all JavaScript)',
      'nuevo.tsx (own)',
    ]);
    expect(report.ok).toBe(false);
  });

  it('measures real compression: repetitive text shrinks, gzip and brotli both', () => {
    const sizes = compressedSizes(Buffer.from('export const a = 1;\n'.repeat(1000)));
    expect(sizes.raw).toBe(20_000);
    expect(sizes.gzip).toBeLessThan(500);
    expect(sizes.brotli).toBeLessThan(500);
  });
});
