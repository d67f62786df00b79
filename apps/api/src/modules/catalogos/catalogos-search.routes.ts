import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Catalogos } from '@repo/catalogos';
import {
  CatalogoSearchQuery,
  CatalogoSearchRequest,
  ProductoServicioSearchResponse,
  UnidadSearchResponse,
} from '@repo/contracts/catalogos';
import type { AppDeps } from '../../deps.ts';
import { optionalAuth } from '../../http/auth.ts';
import { ok, page } from '../../http/envelope.ts';
import { toProducto, toUnidad } from './catalogos.service.ts';
import { ownKeys } from './own-keys.ts';

/** A search page's options as the routes receive them. */
export interface SearchRequest {
  dataSearch: string;
  page: number;
  perPage: number;
  preferred: readonly string[];
}

/** The answer of `POST /productos-servicios/search`, typed by its response schema. */
export function productosServiciosAnswer(catalogos: Catalogos, q: SearchRequest) {
  const r = catalogos.searchProductosServicios(q.dataSearch, {
    page: q.page,
    perPage: q.perPage,
    preferred: q.preferred,
  });
  return ok(page(r.data.map(toProducto), r.total, r.currentPage, r.perPage));
}

/** The answer of `POST /unidades/search`, typed by its response schema. */
export function unidadesAnswer(catalogos: Catalogos, q: SearchRequest) {
  const r = catalogos.searchUnidades(q.dataSearch, {
    page: q.page,
    perPage: q.perPage,
    preferred: q.preferred,
  });
  return ok(page(r.data.map(toUnidad), r.total, r.currentPage, r.perPage));
}

/**
 * The search answers are written with JSON.stringify instead of the zod encode of the other routes:
 * the search runs on every keystroke of the product and unit selectors, and the encode built a
 * second copy of every answer (about 2× the stringify's CPU, and its garbage) to give back the same
 * bytes. The handlers' objects are exactly the schema's: typed by it (no extra key passes the type
 * provider's check on an object literal), keys in the schema's order (toProducto, toUnidad, ok,
 * page), no transforms, plain strings, booleans and integers. `catalogos-search.test.ts` proves the
 * bytes equal to the zod serializer's for a set of queries.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** The two catalog searches (spec section 7): c_ClaveProdServ and c_ClaveUnidad. */
export function catalogosSearchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { catalogos } = deps;
  // Signed in, the enterprise's own keys come first; anyone else gets the plain ranking.
  const signedIn = optionalAuth(deps.db, deps.tokens);
  const preferred = async (
    auth: { enterpriseId: number } | null | undefined,
    kind: 'productoServicio' | 'unidad',
  ) => (auth ? ownKeys(deps.db, auth.enterpriseId, kind) : []);

  return async (app) => {
    app.post(
      '/productos-servicios/search',
      {
        onRequest: signedIn,
        serializerCompiler: plainJsonSerializer,
        schema: {
          querystring: CatalogoSearchQuery,
          body: CatalogoSearchRequest,
          response: { 200: ProductoServicioSearchResponse },
        },
      },
      async (request) =>
        productosServiciosAnswer(catalogos, {
          dataSearch: request.body.data_search,
          page: request.query.page,
          perPage: request.query.per_page,
          preferred: await preferred(request.auth, 'productoServicio'),
        }),
    );

    app.post(
      '/unidades/search',
      {
        onRequest: signedIn,
        serializerCompiler: plainJsonSerializer,
        schema: {
          querystring: CatalogoSearchQuery,
          body: CatalogoSearchRequest,
          response: { 200: UnidadSearchResponse },
        },
      },
      async (request) =>
        unidadesAnswer(catalogos, {
          dataSearch: request.body.data_search,
          page: request.query.page,
          perPage: request.query.per_page,
          preferred: await preferred(request.auth, 'unidad'),
        }),
    );
  };
}
