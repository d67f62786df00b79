import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@repo/contracts/envelope';

export type SortDirection = 'asc' | 'desc';
export type PageSize = (typeof PAGE_SIZES)[number];

/** What a list screen keeps in its URL query: `?page=2&per_page=50&order_by=rfc&order_direction=desc&search=abc`. */
export interface ListQuery<C extends string = string> {
  page: number;
  perPage: PageSize;
  orderBy: C;
  orderDirection: SortDirection;
  search: string;
}

export interface ListDefaults<C extends string> {
  /** The columns the list may be sorted by; anything else in the URL falls back to the default. */
  columns: readonly C[];
  /** Spec section 9: name_razon_social for clients, description for products, ascending. */
  orderBy: C;
  orderDirection?: SortDirection;
}

/** The list state a URL query describes; malformed values fall back to the defaults. */
export function parseListQuery<C extends string>(
  params: URLSearchParams,
  defaults: ListDefaults<C>,
): ListQuery<C> {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  const orderBy = params.get('order_by');
  const direction = params.get('order_direction');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage)
      ? (perPage as PageSize)
      : DEFAULT_PAGE_SIZE,
    orderBy:
      orderBy && (defaults.columns as readonly string[]).includes(orderBy)
        ? (orderBy as C)
        : defaults.orderBy,
    orderDirection:
      direction === 'asc' || direction === 'desc' ? direction : (defaults.orderDirection ?? 'asc'),
    search: (params.get('search') ?? '').trim(),
  };
}

/** The URL query of a list state; defaults are left out so the plain list keeps a plain URL. */
export function listQueryString<C extends string>(
  query: ListQuery<C>,
  defaults: ListDefaults<C>,
): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PAGE_SIZE) params.set('per_page', String(query.perPage));
  const direction = defaults.orderDirection ?? 'asc';
  if (query.orderBy !== defaults.orderBy || query.orderDirection !== direction) {
    params.set('order_by', query.orderBy);
    params.set('order_direction', query.orderDirection);
  }
  if (query.search !== '') params.set('search', query.search);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Sorting by a column: a new column sorts ascending, the same column flips; back to page 1. */
export function sortedBy<C extends string>(query: ListQuery<C>, column: C): ListQuery<C> {
  const orderDirection: SortDirection =
    query.orderBy === column && query.orderDirection === 'asc' ? 'desc' : 'asc';
  return { ...query, orderBy: column, orderDirection, page: 1 };
}

/**
 * Spec section 4, "Lists": where the list goes once an item of the page is deleted.
 * Deleting the last item of a page above 1 goes back one page; if a filtered list empties, the
 * filters reset; otherwise it stays (and shows the welcome page when nothing remains).
 */
export function queryAfterDelete<C extends string>(
  query: ListQuery<C>,
  page: { rowsOnPage: number; total: number },
): ListQuery<C> {
  if (page.rowsOnPage > 1) return query;
  if (query.page > 1) return { ...query, page: query.page - 1 };
  if (query.search !== '') return { ...query, search: '', page: 1 };
  return query;
}

/** A page past the end (items deleted elsewhere, a stale link) is read as the last page. */
export function clampedPage<C extends string>(
  query: ListQuery<C>,
  lastPage: number,
): ListQuery<C> | null {
  if (lastPage >= 1 && query.page > lastPage) return { ...query, page: lastPage };
  return null;
}

/** What the list screen shows for a loaded page. */
export function listView(
  query: ListQuery,
  page: { total: number },
): 'welcome' | 'no-results' | 'rows' {
  if (page.total > 0) return 'rows';
  return query.search === '' ? 'welcome' : 'no-results';
}
