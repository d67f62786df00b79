import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_MESSAGE,
  EMPTY_FILTERS,
  type FacturasQuery,
  STATUS_FILTER_OPTIONS,
  exportPathOf,
  facturasQueryAfterDelete,
  facturasQueryString,
  facturasView,
  filtersError,
  parseFacturasQuery,
  searchRequestOf,
} from './facturas-query.ts';

const plain: FacturasQuery = { filters: EMPTY_FILTERS, page: 1, perPage: 30 };

describe('the list state in the URL', () => {
  it('offers the status filter of spec section 9, in order', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'Todos',
      'Canceladas',
      'Timbradas',
      'Pre Factura',
    ]);
  });

  it('reads page, page size and every filter, and writes them back', () => {
    const query = parseFacturasQuery(
      new URLSearchParams(
        'page=3&per_page=50&rfc_name=ACME&from_date=2026-01-01&to_date=2026-01-31&serie=A&status=cancelled&metodo_pago=PPD',
      ),
    );
    expect(query).toEqual({
      page: 3,
      perPage: 50,
      filters: {
        rfc_name: 'ACME',
        from_date: '2026-01-01',
        to_date: '2026-01-31',
        serie: 'A',
        status: 'cancelled',
        metodo_pago: 'PPD',
      },
    });
    expect(parseFacturasQuery(new URLSearchParams(facturasQueryString(query)))).toEqual(query);
  });

  it('falls back to the defaults for anything unreadable, and keeps the plain URL plain', () => {
    const query = parseFacturasQuery(
      new URLSearchParams('page=-2&per_page=31&from_date=2026-02-30&status=borrada&metodo_pago=X'),
    );
    expect(query).toEqual(plain);
    expect(facturasQueryString(query)).toBe('');
  });
});

describe('searchRequestOf', () => {
  it('sends Todos and nulls for empty filters, with the page and its size', () => {
    expect(searchRequestOf({ ...plain, page: 2, perPage: 100 })).toEqual({
      rfc_name: '',
      from_date: null,
      to_date: null,
      serie: null,
      status: 'Todos',
      metodo_pago: null,
      items_per_page: 100,
      current_page: 2,
    });
  });

  it('sends the chosen filters as the API names them', () => {
    const filters = {
      ...EMPTY_FILTERS,
      status: 'pre_factura' as const,
      metodo_pago: 'PUE' as const,
      serie: 'F',
    };
    expect(searchRequestOf({ ...plain, filters })).toMatchObject({
      status: 'pre_factura',
      metodo_pago: 'PUE',
      serie: 'F',
    });
  });
});

describe('exportPathOf', () => {
  it('asks the export for the same filters as the list, without page or size', () => {
    expect(exportPathOf(EMPTY_FILTERS)).toBe('facturacion/V40/facturas-ingreso/export');
    const filters = {
      ...EMPTY_FILTERS,
      rfc_name: 'Kemper & Hijos',
      from_date: '2026-01-01',
      status: 'timbrada' as const,
      metodo_pago: 'PPD' as const,
    };
    expect(exportPathOf(filters)).toBe(
      'facturacion/V40/facturas-ingreso/export?rfc_name=Kemper+%26+Hijos&from_date=2026-01-01&status=timbrada&metodo_pago=PPD',
    );
  });
});

describe('filtersError', () => {
  it('refuses a range that ends before it starts', () => {
    const filters = { ...EMPTY_FILTERS, from_date: '2026-02-01', to_date: '2026-01-31' };
    expect(filtersError(filters)).toBe(DATE_RANGE_MESSAGE);
    expect(filtersError({ ...filters, to_date: '2026-02-01' })).toBeNull();
  });
});

describe('after a delete and on an empty page (spec section 4, "Lists")', () => {
  const filtered = { ...plain, filters: { ...EMPTY_FILTERS, status: 'pre_factura' as const } };

  it('goes back one page when the last row of a page above 1 goes', () => {
    expect(facturasQueryAfterDelete({ ...filtered, page: 3 }, { rowsOnPage: 1 })).toEqual({
      ...filtered,
      page: 2,
    });
  });

  it('resets the filters when a filtered list empties, and stays otherwise', () => {
    expect(facturasQueryAfterDelete(filtered, { rowsOnPage: 1 })).toEqual(plain);
    expect(facturasQueryAfterDelete(filtered, { rowsOnPage: 4 })).toEqual(filtered);
    expect(facturasQueryAfterDelete(plain, { rowsOnPage: 1 })).toEqual(plain);
  });

  it('shows the welcome page only when there are no invoices at all', () => {
    expect(facturasView(plain, { total: 0 })).toBe('welcome');
    expect(facturasView(filtered, { total: 0 })).toBe('no-results');
    expect(facturasView(filtered, { total: 3 })).toBe('rows');
  });
});
