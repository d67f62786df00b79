import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvisoCancelacion } from '@repo/contracts/comprobantes';
import type { SustitucionEstado } from '@repo/contracts/emision';
import { request } from '#src/shared/http/api-client.ts';

export const avisoCancelacionKey = (id: number) => ['comprobantes', id, 'cancelacion'] as const;

/**
 * GET comprobantes/v40/{id}/cancelacion: whether the SAT will ask the receiver to accept the
 * cancellation (regla 2.7.1.35 RMF), the deadline, what to cancel first and the substitution.
 */
export function useAvisoCancelacion(id: number, enabled = true) {
  return useQuery({
    queryKey: avisoCancelacionKey(id),
    enabled,
    queryFn: ({ signal }) =>
      request<AvisoCancelacion>(`comprobantes/v40/${String(id)}/cancelacion`, { signal }),
  });
}

/** POST comprobantes/v40/{id}/sustitucion/reintentar: the original's pending cancellation, now. */
export function useReintentarSustitucion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request<SustitucionEstado>(`comprobantes/v40/${String(id)}/sustitucion/reintentar`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
