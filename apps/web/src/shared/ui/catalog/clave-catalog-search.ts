import type { ProductoServicioResponse, UnidadResponse } from '@repo/contracts/catalogos';
import { CATALOGOS_BASE } from '../../config.ts';
import { request } from '../../http/api-client.ts';

/** A page of a catalog search (the `data` of the answer). */
export interface CatalogPage<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export const CATALOG_SEARCH_PAGE_SIZE = 20;

/** POST {catalogos}/productos-servicios/search?page — the SAT's c_ClaveProdServ by key or words. */
export function searchProductosServicios(
  text: string,
  page: number,
  signal?: AbortSignal,
): Promise<CatalogPage<ProductoServicioResponse>> {
  return request('productos-servicios/search', {
    base: CATALOGOS_BASE,
    body: { data_search: text },
    query: { page, per_page: CATALOG_SEARCH_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/** POST {catalogos}/unidades/search?page — the SAT's c_ClaveUnidad by key or name. */
export function searchUnidades(
  text: string,
  page: number,
  signal?: AbortSignal,
): Promise<CatalogPage<UnidadResponse>> {
  return request('unidades/search', {
    base: CATALOGOS_BASE,
    body: { data_search: text },
    query: { page, per_page: CATALOG_SEARCH_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/** GET {catalogos}/unidades/most-used — offered before anything is typed. */
export function unidadesMostUsed(signal?: AbortSignal): Promise<UnidadResponse[]> {
  return request('unidades/most-used', { base: CATALOGOS_BASE, ...(signal ? { signal } : {}) });
}
