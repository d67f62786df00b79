import { useQuery } from '@tanstack/react-query';
import type {
  ClaveDescripcionResponse,
  FormaPagoResponse,
  UsoCfdiResponse,
} from '@repo/contracts/catalogos';
import type { ClientResponse } from '@repo/contracts/clients';
import type { DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import type { TaxResponse } from '@repo/contracts/impuestos';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieKind, SerieResponse } from '@repo/contracts/series';
import type { z } from 'zod';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

/** The master data the invoice form reads: one fetcher and query hook per call. */

export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

const SEARCH_PAGE_SIZE = 30;

/** POST /clients/search?page — the enterprise's clients by name or RFC. */
export function searchClients(text: string, page: number, signal?: AbortSignal) {
  return request<Page<ClientResponse>>('clients/search', {
    body: { data_search: text, current_page: page, items_perpage: SEARCH_PAGE_SIZE },
    query: { page },
    ...(signal ? { signal } : {}),
  });
}

/** GET /clients/{id}. */
export function useClient(id: number | null) {
  return useQuery({
    queryKey: ['clients', id],
    enabled: id !== null,
    queryFn: ({ signal }) => request<ClientResponse>(`clients/${String(id)}`, { signal }),
  });
}

/** POST /products-services/search?page — the enterprise's products and services. */
export function searchProductsServices(text: string, page: number, signal?: AbortSignal) {
  return request<Page<ProductServiceResponse>>('products-services/search', {
    body: { data_search: text, current_page: page, items_perpage: SEARCH_PAGE_SIZE },
    query: { page },
    ...(signal ? { signal } : {}),
  });
}

/** GET /rubros-impuestos: the tax groups with their taxes. */
export function useRubrosImpuestos() {
  return useQuery({
    queryKey: ['rubros-impuestos'],
    queryFn: ({ signal }) => request<RubroImpuestoResponse[]>('rubros-impuestos', { signal }),
  });
}

/** GET /impuestos-trasladados and /impuestos-retenidos: the enterprise's federal taxes. */
export function useImpuestos(tipo: 'trasladados' | 'retenidos') {
  return useQuery({
    queryKey: [`impuestos-${tipo}`],
    queryFn: ({ signal }) => request<TaxResponse[]>(`impuestos-${tipo}`, { signal }),
  });
}

/**
 * GET /series/{enterpriseId}/{kind}: the series a document type's form offers, the kind being the
 * one its registration declares (decision 012).
 */
export function useSeriesDe(kind: SerieKind, enterpriseId: number | null) {
  return useQuery({
    queryKey: ['series', enterpriseId, kind],
    enabled: enterpriseId !== null,
    queryFn: ({ signal }) =>
      request<SerieResponse[]>(`series/${String(enterpriseId)}/${kind}`, { signal }),
  });
}

/** GET datos-fiscales/{enterpriseId}: the issuer's régimen, for the régimen 626 rules. */
export function useDatosFiscales(enterpriseId: number | null) {
  return useQuery({
    queryKey: ['datos-fiscales', enterpriseId],
    enabled: enterpriseId !== null,
    queryFn: ({ signal }) =>
      request<DatosFiscalesResponse>(`datos-fiscales/${String(enterpriseId)}`, { signal }),
  });
}

/** GET sellos-fiscales/{enterpriseId}: whether the seals exist and are still valid. */
export function useSellosFiscales(enterpriseId: number | null) {
  return useQuery({
    queryKey: ['sellos-fiscales', enterpriseId],
    enabled: enterpriseId !== null,
    queryFn: ({ signal }) =>
      request<SellosFiscalesResponse>(`sellos-fiscales/${String(enterpriseId)}`, { signal }),
  });
}

type Rows<T extends z.ZodType> = z.infer<T>;

function useCatalogo<T>(path: string, enabled = true) {
  return useQuery({
    queryKey: ['catalogos', path],
    enabled,
    staleTime: Infinity,
    queryFn: ({ signal }) => request<T[]>(path, { base: CATALOGOS_BASE, signal }),
  });
}

/** GET {catalogos}/formas-pagos. */
export const useFormasPago = () => useCatalogo<Rows<typeof FormaPagoResponse>>('formas-pagos');
/** GET {catalogos}/metodos-pago. */
export const useMetodosPago = () =>
  useCatalogo<Rows<typeof ClaveDescripcionResponse>>('metodos-pago');
/** GET {catalogos}/usos-cfdis/{rfc}/{regimen}: the uses allowed for the client. */
export const useUsosCfdi = (client: { rfc: string; regimenFiscal: string } | null) =>
  useCatalogo<Rows<typeof UsoCfdiResponse>>(
    client
      ? `usos-cfdis/${encodeURIComponent(client.rfc)}/${encodeURIComponent(client.regimenFiscal)}`
      : 'usos-cfdis',
    client !== null,
  );
/** GET {catalogos}/regimenes-fiscales: to name the client's régimen. */
export const useRegimenesFiscales = () =>
  useCatalogo<Rows<typeof ClaveDescripcionResponse>>('regimenes-fiscales');
