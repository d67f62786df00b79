import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@repo/contracts/envelope';
import type { FacturaSearchRequestInput } from '@repo/contracts/facturas';
import type { PageSize } from '#src/shared/ui/list/list-query.ts';

/** Spec section 9: the status filter of the invoice list, in its order, with its labels. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'cancelled', label: 'Canceladas' },
  { value: 'timbrada', label: 'Timbradas' },
  { value: 'pre_factura', label: 'Pre Factura' },
] as const;
export type StatusFilter = (typeof STATUS_FILTER_OPTIONS)[number]['value'];

export const METODO_PAGO_FILTER_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'PUE', label: 'PUE - Pago en una sola exhibición' },
  { value: 'PPD', label: 'PPD - Pago en parcialidades o diferido' },
] as const;
export type MetodoPagoFilter = (typeof METODO_PAGO_FILTER_OPTIONS)[number]['value'];

/** The filters of /facturacion/facturas as the form holds them; '' means "no filter". */
export interface FacturasFilters {
  rfc_name: string;
  from_date: string;
  to_date: string;
  serie: string;
  status: StatusFilter;
  metodo_pago: MetodoPagoFilter;
}

export const EMPTY_FILTERS: FacturasFilters = {
  rfc_name: '',
  from_date: '',
  to_date: '',
  serie: '',
  status: '',
  metodo_pago: '',
};

/** What the invoice list keeps in its URL query (the spec's `page`, plus page size and filters). */
export interface FacturasQuery {
  filters: FacturasFilters;
  page: number;
  perPage: PageSize;
}

export const DATE_RANGE_MESSAGE = 'La fecha final no puede ser anterior a la fecha inicial.';

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function oneOf<T extends string>(options: readonly { value: T }[], value: string | null): T {
  return options.find((o) => o.value === value)?.value ?? (options[0] as { value: T }).value;
}

/** The list state a URL query describes; anything unreadable falls back to its default. */
export function parseFacturasQuery(params: URLSearchParams): FacturasQuery {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  const from = params.get('from_date') ?? '';
  const to = params.get('to_date') ?? '';
  return {
    filters: {
      rfc_name: (params.get('rfc_name') ?? '').trim(),
      from_date: isDate(from) ? from : '',
      to_date: isDate(to) ? to : '',
      serie: (params.get('serie') ?? '').trim(),
      status: oneOf(STATUS_FILTER_OPTIONS, params.get('status')),
      metodo_pago: oneOf(METODO_PAGO_FILTER_OPTIONS, params.get('metodo_pago')),
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage)
      ? (perPage as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a list state, defaults left out: the plain list is `/facturacion/facturas`. */
export function facturasQueryString(query: FacturasQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PAGE_SIZE) params.set('per_page', String(query.perPage));
  for (const [key, value] of Object.entries(query.filters))
    if (value !== '') params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** GET path of the Excel export of the list's filters (every page): the same keys, '' left out. */
export function exportPathOf(filters: FacturasFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== '') params.set(key, value);
  const text = params.toString();
  return `facturacion/V40/facturas-ingreso/export${text === '' ? '' : `?${text}`}`;
}

export function hasActiveFilters(filters: FacturasFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** The filter form's own check, before anything is asked: null when the filters can be applied. */
export function filtersError(filters: FacturasFilters): string | null {
  if (filters.from_date && filters.to_date && filters.to_date < filters.from_date)
    return DATE_RANGE_MESSAGE;
  return null;
}

/** Body of POST /facturacion/V40/facturas-ingreso/search?page for a list state. */
export function searchRequestOf(query: FacturasQuery): FacturaSearchRequestInput {
  const { filters } = query;
  return {
    rfc_name: filters.rfc_name,
    from_date: filters.from_date || null,
    to_date: filters.to_date || null,
    serie: filters.serie || null,
    status: filters.status || 'Todos',
    metodo_pago: filters.metodo_pago || null,
    items_per_page: query.perPage,
    current_page: query.page,
  };
}

/**
 * Spec section 4, "Lists": once an invoice of the page is deleted, the last one of a page above 1
 * goes back one page; a filtered list that empties resets its filters; otherwise it stays.
 */
export function facturasQueryAfterDelete(
  query: FacturasQuery,
  page: { rowsOnPage: number },
): FacturasQuery {
  if (page.rowsOnPage > 1) return query;
  if (query.page > 1) return { ...query, page: query.page - 1 };
  if (hasActiveFilters(query.filters)) return { ...query, filters: EMPTY_FILTERS, page: 1 };
  return query;
}

/** What the list shows for a loaded page: the welcome page only when there are no invoices at all. */
export function facturasView(
  query: FacturasQuery,
  page: { total: number },
): 'welcome' | 'no-results' | 'rows' {
  if (page.total > 0) return 'rows';
  return hasActiveFilters(query.filters) ? 'no-results' : 'welcome';
}
