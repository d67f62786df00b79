import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATA_DIR,
  codigoPostalFromCells,
  readCodigosPostales,
  readColonias,
} from './load.ts';
import { readCodigosPostalesCompact, readColoniasCompact } from './postal.ts';
import type { Colonia } from './types.ts';

// The compact structures answer exactly what the row objects answered: every row, every key.
describe('compact c_CodigoPostal and c_Colonia', () => {
  it('c_CodigoPostal: the same rows in the same order, and each key finds its first row', () => {
    const plain = readCodigosPostales(DEFAULT_DATA_DIR);
    const compact = readCodigosPostalesCompact(DEFAULT_DATA_DIR, codigoPostalFromCells);
    expect(compact.rows).toEqual(plain);
    const first = new Map<string, (typeof plain)[number]>();
    for (const row of plain) if (!first.has(row.clave)) first.set(row.clave, row);
    for (const [clave, row] of first) expect(compact.get(clave)).toEqual(row);
    expect(compact.get('00000')).toBeUndefined();
    expect(compact.has('00000')).toBe(false);
    for (const odd of ['', '6600', '066000', 'abcde', ' 06600', '1e4']) {
      expect(compact.get(odd)).toBeUndefined();
      expect(compact.has(odd)).toBe(false);
    }
    expect(compact.vigentes('2024-06-01')).toHaveLength(plain.length);
  });

  it('c_Colonia: the same rows, and per postal code the same list in key order', () => {
    const plain = readColonias(DEFAULT_DATA_DIR);
    const compact = readColoniasCompact(DEFAULT_DATA_DIR);
    expect(compact.rows).toEqual(plain);
    const byCp = new Map<string, Colonia[]>();
    for (const row of plain)
      byCp.set(row.codigoPostal, [...(byCp.get(row.codigoPostal) ?? []), row]);
    for (const [cp, list] of byCp) {
      list.sort((a, b) => (a.clave < b.clave ? -1 : 1));
      expect(compact.delCodigoPostal(cp)).toEqual(list);
    }
    const some = plain[1234] as Colonia;
    expect(compact.get(some.codigoPostal, some.clave)).toEqual(some);
    expect(compact.get(some.codigoPostal, '9999')).toBeUndefined();
    expect(compact.delCodigoPostal('00000')).toEqual([]);
    expect(compact.delCodigoPostal('066')).toEqual([]);
  });
});
