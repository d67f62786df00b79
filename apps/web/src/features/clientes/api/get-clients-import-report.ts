import { useQuery } from '@tanstack/react-query';
import type { ImportReport } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';

export const clientsImportReportKey = ['clients', 'import-report'] as const;

/** GET /clients/import/report: the report of the last import, or null. */
export function useClientsImportReport() {
  return useQuery({
    queryKey: clientsImportReportKey,
    queryFn: () => request<ImportReport | null>('clients/import/report'),
    staleTime: 0,
  });
}
