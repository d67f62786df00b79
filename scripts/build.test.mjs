import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashInputs, isFresh, uncompiledExports } from './build.mjs';

// `npm start` rebuilds the SPA and the compiled API only when an input changed since the last build.
describe('build freshness', () => {
  const root = mkdtempSync(join(tmpdir(), 'build-fresh-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src/nested'), { recursive: true });
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'src/nested/b.ts'), 'export const b = 2;');
  const inputs = ['src', 'package.json'];

  it('is fresh after a build, stale after an edit, a new file or a removed one', () => {
    expect(isFresh(root, inputs, 'dist/.build-hash')).toBe(false);
    writeFileSync(join(root, 'dist/.build-hash'), hashInputs(root, inputs));
    expect(isFresh(root, inputs, 'dist/.build-hash')).toBe(true);

    writeFileSync(join(root, 'src/nested/b.ts'), 'export const b = 3;');
    expect(isFresh(root, inputs, 'dist/.build-hash')).toBe(false);
    writeFileSync(join(root, 'dist/.build-hash'), hashInputs(root, inputs));

    writeFileSync(join(root, 'package.json'), '{}');
    expect(isFresh(root, inputs, 'dist/.build-hash')).toBe(false);
    writeFileSync(join(root, 'dist/.build-hash'), hashInputs(root, inputs));

    rmSync(join(root, 'src/a.ts'));
    expect(isFresh(root, inputs, 'dist/.build-hash')).toBe(false);
  });
});

describe('server workspaces', () => {
  it('say where every export is compiled, so plain node never loads TypeScript', () => {
    expect(uncompiledExports()).toEqual([]);
  });
});
