import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchListPage } from './list-page.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../http/api-client.ts', () => ({ request }));

afterEach(() => request.mockReset());

const query = {
  page: 2,
  perPage: 30,
  orderBy: 'name',
  orderDirection: 'asc',
  search: '',
} as const;

describe('fetchListPage', () => {
  it('GETs the page with its order when nothing is searched', async () => {
    request.mockResolvedValue({ data: [] });
    await fetchListPage('clients', query);
    expect(request).toHaveBeenCalledWith('clients', {
      query: { page: 2, items_per_page: 30, order_by: 'name', order_direction: 'asc' },
    });
  });

  it('POSTs to <resource>/search with data_search when something is searched', async () => {
    request.mockResolvedValue({ data: [] });
    await fetchListPage('products-services', { ...query, search: 'abc' });
    expect(request).toHaveBeenCalledWith('products-services/search', {
      query: { page: 2 },
      body: {
        data_search: 'abc',
        current_page: 2,
        items_perpage: 30,
        order_by: 'name',
        order_direction: 'asc',
      },
    });
  });
});
