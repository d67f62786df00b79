import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductoServicioSearchResponse, UnidadSearchResponse } from '@repo/contracts/catalogos';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { productosServiciosAnswer, unidadesAnswer } from './catalogos-search.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What the zod serializer of every other route writes for a schema. */
const zodBytes = (schema: z.ZodType, url: string) =>
  serializerCompiler({ schema, method: 'POST', url, httpStatus: '200' }) as (d: unknown) => string;

// Keys, key prefixes, words with and without accents, several words, typing prefixes, quotes and a
// backslash (escaped in JSON), nothing found, the empty query, later pages and page sizes.
const PRODUCTOS: [string, number, number][] = [
  ['10101501', 1, 20],
  ['8411', 2, 5],
  ['consultoría', 1, 20],
  ['CONSULTORIA de negocios', 1, 100],
  ['leche entera', 1, 20],
  ['c', 3, 50],
  ['com', 1, 20],
  ['tornillo "acero" \\ 3/4', 1, 20],
  ['zzqx', 1, 20],
  ['', 7, 30],
];
const UNIDADES: [string, number, number][] = [
  ['h87', 1, 20],
  ['kilogramo', 1, 20],
  ['metro cúbico', 1, 10],
  ['k', 2, 5],
  ['', 1, 100],
];

async function search(path: string, q: string, p: number, perPage: number, etag?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogos/${path}/search?page=${p}&per_page=${perPage}`,
    payload: { data_search: q },
    headers: etag ? { 'if-none-match': etag } : {},
  });
}

describe('búsqueda en los catálogos del SAT: las respuestas', () => {
  it('writes the same bytes the zod serializer writes, for products and units', async () => {
    const productos = zodBytes(ProductoServicioSearchResponse, '/productos-servicios/search');
    for (const [q, p, perPage] of PRODUCTOS) {
      const res = await search('productos-servicios', q, p, perPage);
      expect(res.statusCode).toBe(200);
      const answer = productosServiciosAnswer(t.deps.catalogos, {
        dataSearch: q,
        page: p,
        perPage,
        preferred: [],
      });
      expect(res.body, q).toBe(productos(answer));
    }
    const unidades = zodBytes(UnidadSearchResponse, '/unidades/search');
    for (const [q, p, perPage] of UNIDADES) {
      const res = await search('unidades', q, p, perPage);
      expect(res.statusCode).toBe(200);
      const answer = unidadesAnswer(t.deps.catalogos, {
        dataSearch: q,
        page: p,
        perPage,
        preferred: [],
      });
      expect(res.body, q).toBe(unidades(answer));
    }
  });

  it('writes the same bytes as zod for a page led by an enterprise’s own keys', () => {
    const productos = zodBytes(ProductoServicioSearchResponse, '/productos-servicios/search');
    const answer = productosServiciosAnswer(t.deps.catalogos, {
      dataSearch: 'servicio',
      page: 1,
      perPage: 20,
      preferred: ['80101500', '43211500'],
    });
    expect(answer.data.data[0]?.clave).toBe('80101500');
    expect(JSON.stringify(answer)).toBe(productos(answer));
  });

  it('answers 304 to a search whose ETag the client holds, and 200 to another one', async () => {
    const first = await search('productos-servicios', 'consultoría', 1, 20);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const again = await search('productos-servicios', 'consultoría', 1, 20, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const next = await search('productos-servicios', 'consultoría', 2, 20, etag);
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    const unit = await search('unidades', 'kilogramo', 1, 20);
    const unitAgain = await search('unidades', 'kilogramo', 1, 20, unit.headers.etag);
    expect(unitAgain.statusCode).toBe(304);
  });
});
