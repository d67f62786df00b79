import { describe, expect, it } from 'vitest';
import { loadCatalogos } from '../index.ts';

const c = loadCatalogos();
const claves = (q: string, perPage = 10, preferred?: string[]) =>
  c
    .searchProductosServicios(q, { perPage, ...(preferred ? { preferred } : {}) })
    .data.map((r) => r.clave);

describe('what people mean comes first (issue 15)', () => {
  it('the catalog opens in key order, the SAT order, not by the length of the names', () => {
    const keys = c.productosServicios.rows.map((r) => r.clave).sort();
    expect(claves('', 50)).toEqual(keys.slice(0, 50));
    const page3 = c.searchProductosServicios('', { page: 3, perPage: 20 }).data.map((r) => r.clave);
    expect(page3).toEqual(keys.slice(40, 60));
    const units = c.unidades.rows
      .map((r) => r.clave)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(c.searchUnidades('', { perPage: 30 }).data.map((u) => u.clave)).toEqual(
      units.slice(0, 30),
    );
  });

  it("'consultoría' (with or without its accent) puts 80101500 in the top three", () => {
    expect(claves('consultoría', 3)).toContain('80101500');
    expect(claves('consultoria', 3)).toContain('80101500');
    expect(claves('servicios de consultoría', 3)).toContain('80101500');
  });

  it('the words as typed come before rows that only a synonym finds', () => {
    const found = claves('consultoría', 50);
    const viaSynonym = found.indexOf('84121700'); // Asesoría de inversiones
    for (const literal of ['80101500', '80151605', '71161605', '81101516'])
      expect(found.indexOf(literal)).toBeLessThan(viaSynonym);
  });

  it("an enterprise's own keys come first among the results, in its order, the rest unchanged", () => {
    const plain = c.searchProductosServicios('consultoría', { perPage: 100 });
    const mine = ['84111802', 'zzz', '80151605', '10101501'];
    const preferred = c.searchProductosServicios('consultoría', { perPage: 100, preferred: mine });
    expect(preferred.total).toBe(plain.total);
    const got = preferred.data.map((r) => r.clave);
    expect(got.slice(0, 2)).toEqual(['84111802', '80151605']); // 10101501 is not a result
    expect(got.slice(2)).toEqual(
      plain.data.map((r) => r.clave).filter((k) => k !== '84111802' && k !== '80151605'),
    );
    expect(claves('', 3, ['84111506'])[0]).toBe('84111506');
    expect(claves('zzzzqq', 3, ['84111506'])).toEqual([]);
  });
});
