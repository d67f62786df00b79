import { useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import { clientsKey } from './get-clients.ts';
import { clientsImportReportKey } from './get-clients-import-report.ts';

/** POST /clients/import (multipart): the filled-in template; answers the per-row report. */
export function importClients(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file);
  return request<ImportReport>('clients/import', { method: 'POST', body });
}

/** Imports, then keeps the report and refreshes the client lists. */
export function useImportClients(): (file: File) => Promise<ImportReport> {
  const queryClient = useQueryClient();
  return async (file) => {
    const report = await importClients(file);
    queryClient.setQueryData(clientsImportReportKey, report);
    await queryClient.invalidateQueries({ queryKey: [...clientsKey, 'list'] });
    return report;
  };
}
