import { useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import { productsServicesKey } from './get-products-services.ts';
import { productsImportReportKey } from './get-products-import-report.ts';

/** POST /products-services/import (multipart): the filled-in template; answers the per-row report. */
export function importProductsServices(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file);
  return request<ImportReport>('products-services/import', { method: 'POST', body });
}

/** Imports, then keeps the report and refreshes the lists. */
export function useImportProductsServices(): (file: File) => Promise<ImportReport> {
  const queryClient = useQueryClient();
  return async (file) => {
    const report = await importProductsServices(file);
    queryClient.setQueryData(productsImportReportKey, report);
    await queryClient.invalidateQueries({ queryKey: [...productsServicesKey, 'list'] });
    return report;
  };
}
