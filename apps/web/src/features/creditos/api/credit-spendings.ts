import type { CreditSpending } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';
import { type ListPage, useListPage } from '#src/shared/ui/list/list-page.ts';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';

export interface SpendingFilters {
  from: string;
  to: string;
  type: '' | 'spend' | 'refund';
  documentType: '' | 'I' | 'G' | 'P' | 'E';
}

/** GET /user-credits-spendings?page with the date and type filters. */
export function useCreditSpendings(query: ListQuery<'date'>, filters: SpendingFilters) {
  return useListPage<CreditSpending, 'date'>(
    ['user-credits-spendings', JSON.stringify(filters)],
    (q) =>
      request<ListPage<CreditSpending>>('user-credits-spendings', {
        query: {
          page: q.page,
          items_per_page: q.perPage,
          from: filters.from || undefined,
          to: filters.to || undefined,
          type: filters.type || undefined,
          document_type: filters.documentType || undefined,
        },
      }),
    query,
  );
}
