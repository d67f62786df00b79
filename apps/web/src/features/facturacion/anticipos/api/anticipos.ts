import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnticipoRequestInput,
  AnticipoResponse,
  AnticiposResponse,
  AplicarAnticipoRequest,
} from '@repo/contracts/anticipos';
import { request } from '#src/shared/http/api-client.ts';

/** The advance calls (issue 25): the list with what remains to do, step 1 and step 3. */

const BASE = 'facturacion/V40/anticipos';
export const ANTICIPOS_QUERY_KEY = ['anticipos'] as const;

/** GET .../anticipos (`pendientes`: those with a step still to do). */
export function useAnticipos(estado: 'pendientes' | 'todos') {
  return useQuery({
    queryKey: [...ANTICIPOS_QUERY_KEY, estado],
    queryFn: ({ signal }) => request<AnticiposResponse>(`${BASE}?estado=${estado}`, { signal }),
  });
}

/** POST .../anticipos: the advance invoice stamped. */
export function useEmitirAnticipo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnticipoRequestInput) =>
      request<AnticipoResponse>(BASE, { method: 'POST', body }),
    // A stamp changes the folio, the credits, the invoices and Inicio: everything is read again.
    onSuccess: () => void client.invalidateQueries(),
  });
}

/** POST .../anticipos/{id}/aplicar: the egreso that applies it. */
export function useAplicarAnticipo(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AplicarAnticipoRequest) =>
      request<AnticipoResponse>(`${BASE}/${String(id)}/aplicar`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries(),
  });
}
