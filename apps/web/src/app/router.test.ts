// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROUTES } from './router.tsx';

describe('the route table', () => {
  it('names each route and each path once, so navigation by name is unambiguous', () => {
    const repeated = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(repeated(ROUTES.map((r) => r.name))).toEqual([]);
    expect(repeated(ROUTES.map((r) => r.path))).toEqual([]);
  });
});
