import { useQuery } from '@tanstack/react-query';
import type { ClientResponse } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import { clientsKey } from './get-clients.ts';

/** GET /clients/{id}. */
export function getClient(id: number): Promise<ClientResponse> {
  return request<ClientResponse>(`clients/${id}`);
}

export function useClient(id: number) {
  return useQuery({
    queryKey: [...clientsKey, 'detail', id],
    queryFn: () => getClient(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
