import { describe, expect, it } from 'vitest';
import { loadCatalogos } from '../index.ts';
import { normalize, stem } from './normalize.ts';

const c = loadCatalogos();
const claves = (q: string, perPage = 20) =>
  c.searchProductosServicios(q, { perPage }).data.map((r) => r.clave);

describe('normalize and stem', () => {
  it('drops accents and case, keeps ñ', () => {
    expect(normalize('Computadoras PORTÁTILES, c/u')).toBe('computadoras portatiles c u');
    expect(normalize('Ordeñadora')).toBe('ordeñadora');
  });
  it('makes singular, plural and gender forms meet', () => {
    const forms = ['computadora', 'computador', 'computadoras', 'computadores'];
    expect(new Set(forms.map(stem)).size).toBe(1);
    expect(stem('gato')).toBe(stem('gatas'));
    expect(stem('luz')).toBe(stem('luces'));
    expect(stem('contable')).toBe(stem('contables'));
    expect(stem('portatil')).toBe(stem('portatiles'));
  });
});

describe('searchProductosServicios', () => {
  it("'gato' finds 10101501 Gatos vivos on the first page", () => {
    expect(claves('gato', 5)).toContain('10101501');
    expect(claves('GATOS', 5)).toContain('10101501');
  });

  it("'computadora portatil' finds 43211503 and 43211508 through the synonyms", () => {
    const found = claves('computadora portatil', 10);
    expect(found).toContain('43211503');
    expect(found).toContain('43211508');
    expect(claves('laptop', 10)).toContain('43211503');
    expect(claves('ordenador portátil', 10)).toContain('43211503');
  });

  it("'8411' lists the keys that start with it, in key order, paginated", () => {
    const first = c.searchProductosServicios('8411', { perPage: 5 });
    expect(first.data.map((r) => r.clave)).toEqual([
      '84111500',
      '84111501',
      '84111502',
      '84111503',
      '84111504',
    ]);
    expect(first.total).toBeGreaterThan(5);
    expect(first.lastPage).toBe(Math.ceil(first.total / 5));
    const second = c.searchProductosServicios('8411', { page: 2, perPage: 5 });
    expect(second.data[0]?.clave).toBe('84111505');
    expect(second.currentPage).toBe(2);
  });

  it('puts the exact key first', () => {
    expect(claves('43211503', 3)).toEqual(['43211503']);
  });

  it('ranks all words as whole words before word prefixes', () => {
    const found = claves('servicios contables', 5);
    expect(found[0]).toBe('84111500');
    // while typing: 'servicios conta' still finds it
    expect(claves('servicios conta', 20)).toContain('84111500');
  });

  it('finds words of palabras similares, accent- and case-insensitive', () => {
    expect(claves('HONORARIOS CONTABLES', 5)).toContain('84111500');
    expect(claves('nomina', 20)).toContain('84111505');
  });

  it('follows the prefixes a person types', () => {
    for (const q of ['c', 'co', 'com', 'comp', 'compu', 'computa']) {
      expect(c.searchProductosServicios(q).total).toBeGreaterThan(0);
    }
    expect(claves('computa', 20).some((k) => k.startsWith('4321'))).toBe(true);
  });

  it('falls back to the best partial matches when nothing matches every word', () => {
    const page = c.searchProductosServicios('gasolina zzzzqq', { perPage: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.data[0]?.descripcion.toLowerCase()).toContain('gasolina');
    expect(c.searchProductosServicios('zzzzqq').total).toBe(0);
  });

  it('an empty query lists the catalog, a page past the end is empty', () => {
    const all = c.searchProductosServicios('', { perPage: 10 });
    expect(all.total).toBe(c.productosServicios.rows.length);
    const past = c.searchProductosServicios('gato', { page: 999 });
    expect(past.data).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });

  it('caps per page at 100', () => {
    expect(c.searchProductosServicios('servicio', { perPage: 1000 }).data).toHaveLength(100);
  });
});

describe('searchUnidades', () => {
  it('finds by key, key prefix, name and symbol', () => {
    expect(c.searchUnidades('h87').data[0]?.clave).toBe('H87');
    expect(c.searchUnidades('kilogramo').data[0]?.clave).toBe('KGM');
    expect(c.searchUnidades('kg').data.map((u) => u.clave)).toContain('KGM');
    expect(c.searchUnidades('piezas').data[0]?.clave).toBe('H87');
    expect(c.searchUnidades('litros').data[0]?.clave).toBe('LTR');
  });
});

describe('prefix unions built with the index, pages walked only as far as asked', () => {
  it('answer exactly what the same index computes at query time, for words, keys and units', async () => {
    const { PRODUCTOS_SPEC, UNIDADES_SPEC } = await import('../create-catalogos.ts');
    const { TextIndex } = await import('./text-index.ts');
    const casos = [
      {
        rows: c.productosServicios.rows,
        spec: PRODUCTOS_SPEC,
        qs: ['c', 'co', 'Có', 'g', '8', '84', 'ñ', 'z', 'servic', 'consu', 'servicios contables'],
      },
      { rows: c.unidades.rows, spec: UNIDADES_SPEC, qs: ['k', 'kg', 'e', 'h8', 'm', 'met'] },
    ] as const;
    for (const caso of casos) {
      const pre = new TextIndex<(typeof caso.rows)[number]>(caso.rows, caso.spec);
      const live = new TextIndex<(typeof caso.rows)[number]>(caso.rows, caso.spec, {
        precompute: false,
      });
      for (const q of caso.qs) {
        const a = pre.search(q, { page: 2, perPage: 7 });
        const b = live.search(q, { page: 2, perPage: 7 });
        expect(a.total).toBe(b.total);
        expect(a.data).toEqual(b.data);
        pre.clearCaches();
        expect(Array.from(pre.rankedIds(q) ?? [])).toEqual(Array.from(live.rankedIds(q) ?? []));
      }
    }
    expect(c.searchProductosServicios('co').total).toBeGreaterThan(1000);
  });

  it('every page, with or without preferred keys, is its slice of the whole ranking', async () => {
    const { PRODUCTOS_SPEC } = await import('../create-catalogos.ts');
    const { TextIndex } = await import('./text-index.ts');
    const index = new TextIndex(c.productosServicios.rows, PRODUCTOS_SPEC);
    const all = (q: string) => index.search(q, { perPage: 100 });
    // one word, a key prefix, every word, the best partial matches (no row has 'zzqq')
    for (const q of ['servicio', '84', 'servicios de limpieza', 'servicios zzqq']) {
      const total = index.rankedIds(q)?.length ?? 0;
      expect(total).toBeGreaterThan(30);
      expect(all(q).total).toBe(total);
      const pages = (perPage: number) => {
        const out: string[] = [];
        for (let page = 1; out.length < Math.min(total, 300); page++)
          out.push(...index.search(q, { page, perPage }).data.map((r) => r.clave));
        return out.slice(0, 300);
      };
      const claves = pages(100);
      expect(new Set(claves).size).toBe(claves.length);
      expect(pages(7)).toEqual(claves);
      // a preferred key from deep in the results comes first, the rest keeps its order
      const deep = claves[Math.min(total, 300) - 1] as string;
      const pref = index.search(q, { perPage: 100, preferred: [deep, 'no-existe', deep] });
      expect(pref.total).toBe(total);
      expect(pref.data.map((r) => r.clave)).toEqual(
        [deep, ...claves.filter((k) => k !== deep)].slice(0, Math.min(100, total)),
      );
      const second = index.search(q, { page: 2, perPage: 30, preferred: [deep] });
      expect(second.data.map((r) => r.clave)).toEqual(
        [deep, ...claves.filter((k) => k !== deep)].slice(30, 60),
      );
    }
  });
});
