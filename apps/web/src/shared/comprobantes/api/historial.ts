import { useQuery } from '@tanstack/react-query';
import type { HistorialResponse } from '@repo/contracts/auditoria';
import { request } from '#src/shared/http/api-client.ts';

/** Under ['comprobantes', id]: sending, sharing or cancelling the document reads it again. */
export const historialQueryKey = (id: number) => ['comprobantes', id, 'historial'] as const;

/** GET comprobantes/v40/{id}/historial: who stamped, sent, shared or cancelled it, oldest first. */
export function useHistorial(id: number) {
  return useQuery({
    queryKey: historialQueryKey(id),
    queryFn: () => request<HistorialResponse>(`comprobantes/v40/${id}/historial`),
  });
}
