import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderConfigTable } from './config-table.ts';

describe('the README configuration table', () => {
  it('lists every variable of config.ts with its default (regenerate with npm run config:table)', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const between = /<!-- config-table:start -->\n([\s\S]*?)\n<!-- config-table:end -->/.exec(
      readme,
    )?.[1];
    expect(between).toBe(renderConfigTable());
  });
});
