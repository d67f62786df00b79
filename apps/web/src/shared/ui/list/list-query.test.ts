import { describe, expect, it } from 'vitest';
import {
  type ListDefaults,
  type ListQuery,
  clampedPage,
  listQueryString,
  listView,
  parseListQuery,
  queryAfterDelete,
  sortedBy,
} from './list-query.ts';

type Column = 'name_razon_social' | 'rfc';
const DEFAULTS: ListDefaults<Column> = {
  columns: ['name_razon_social', 'rfc'],
  orderBy: 'name_razon_social',
};
const parse = (search: string) => parseListQuery(new URLSearchParams(search), DEFAULTS);
const base: ListQuery<Column> = parse('');

describe('parseListQuery', () => {
  it('defaults to page 1, 30 rows, the default column ascending and no search', () => {
    expect(base).toEqual({
      page: 1,
      perPage: 30,
      orderBy: 'name_razon_social',
      orderDirection: 'asc',
      search: '',
    });
  });

  it('reads every value of the URL', () => {
    expect(
      parse('page=3&per_page=100&order_by=rfc&order_direction=desc&search=%20acme%20'),
    ).toEqual({ page: 3, perPage: 100, orderBy: 'rfc', orderDirection: 'desc', search: 'acme' });
  });

  it('falls back to the defaults for values a user could type by hand', () => {
    expect(parse('page=-2&per_page=40&order_by=password&order_direction=up')).toEqual(base);
    expect(parse('page=1.5').page).toBe(1);
  });
});

describe('listQueryString', () => {
  it('leaves the defaults out and round-trips the rest', () => {
    expect(listQueryString(base, DEFAULTS)).toBe('');
    const query: ListQuery<Column> = {
      page: 2,
      perPage: 50,
      orderBy: 'rfc',
      orderDirection: 'desc',
      search: 'Pérez & Hijos',
    };
    const text = listQueryString(query, DEFAULTS);
    expect(text.startsWith('?page=2&per_page=50')).toBe(true);
    expect(parse(text.slice(1))).toEqual(query);
  });
});

describe('sortedBy', () => {
  it('sorts a new column ascending, flips the same column, and goes back to page 1', () => {
    const byRfc = sortedBy({ ...base, page: 4 }, 'rfc');
    expect(byRfc).toMatchObject({ orderBy: 'rfc', orderDirection: 'asc', page: 1 });
    expect(sortedBy(byRfc, 'rfc').orderDirection).toBe('desc');
    expect(sortedBy(sortedBy(byRfc, 'rfc'), 'rfc').orderDirection).toBe('asc');
    expect(sortedBy({ ...byRfc, orderDirection: 'desc' }, 'name_razon_social')).toMatchObject({
      orderBy: 'name_razon_social',
      orderDirection: 'asc',
    });
  });
});

describe('queryAfterDelete (spec section 4, Lists)', () => {
  it('stays on the page when other rows remain on it', () => {
    const query = { ...base, page: 3, search: 'acme' };
    expect(queryAfterDelete(query, { rowsOnPage: 2, total: 62 })).toEqual(query);
  });

  it('goes back one page when the last item of a page above 1 is deleted', () => {
    expect(queryAfterDelete({ ...base, page: 3 }, { rowsOnPage: 1, total: 61 }).page).toBe(2);
    const filtered = { ...base, page: 2, search: 'acme' };
    expect(queryAfterDelete(filtered, { rowsOnPage: 1, total: 31 })).toEqual({
      ...filtered,
      page: 1,
    });
  });

  it('resets the filters when a filtered list empties', () => {
    const query = { ...base, search: 'acme', orderBy: 'rfc' as const };
    expect(queryAfterDelete(query, { rowsOnPage: 1, total: 1 })).toEqual({
      ...query,
      search: '',
      page: 1,
    });
  });

  it('stays on the unfiltered first page when the last item goes (the welcome page shows)', () => {
    expect(queryAfterDelete(base, { rowsOnPage: 1, total: 1 })).toEqual(base);
    expect(listView(base, { total: 0 })).toBe('welcome');
  });
});

describe('listView and clampedPage', () => {
  it('tells a list with nothing from a search that found nothing', () => {
    expect(listView({ ...base, search: 'zzz' }, { total: 0 })).toBe('no-results');
    expect(listView(base, { total: 5 })).toBe('rows');
  });

  it('reads a page past the end as the last page', () => {
    expect(clampedPage({ ...base, page: 9 }, 4)?.page).toBe(4);
    expect(clampedPage({ ...base, page: 4 }, 4)).toBeNull();
    expect(clampedPage({ ...base, page: 2 }, 0)).toBeNull();
  });
});
