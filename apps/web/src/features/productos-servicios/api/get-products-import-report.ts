import { useQuery } from '@tanstack/react-query';
import type { ImportReport } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';

export const productsImportReportKey = ['products-services', 'import-report'] as const;

/** GET /products-services/import/report: the report of the last import, or null. */
export function useProductsImportReport() {
  return useQuery({
    queryKey: productsImportReportKey,
    queryFn: () => request<ImportReport | null>('products-services/import/report'),
    staleTime: 0,
  });
}
