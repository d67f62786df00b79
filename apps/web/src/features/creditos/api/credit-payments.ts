import { useQuery } from '@tanstack/react-query';
import type { CreditPayment } from '@repo/contracts/credits';
import { request } from '#src/shared/http/api-client.ts';
import { type ListPage, useListPage } from '#src/shared/ui/list/list-page.ts';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';

export const CREDIT_PAYMENTS_KEY = ['user-credits-payments'] as const;

/** GET /user-credits-payments?page: the purchases, newest first. */
export function useCreditPayments(query: ListQuery<'date'>) {
  return useListPage<CreditPayment, 'date'>(
    CREDIT_PAYMENTS_KEY,
    (q) =>
      request<ListPage<CreditPayment>>('user-credits-payments', {
        query: { page: q.page, items_per_page: q.perPage },
      }),
    query,
  );
}

/** GET /user-credits-payments/{id}. */
export function useCreditPayment(id: number) {
  return useQuery({
    queryKey: [...CREDIT_PAYMENTS_KEY, id],
    queryFn: () => request<CreditPayment>(`user-credits-payments/${id}`),
  });
}
