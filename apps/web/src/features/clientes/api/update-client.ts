import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import { clientsKey } from './get-clients.ts';

/** PUT /clients/{id}. */
export function updateClient(id: number, body: ClientRequest): Promise<ClientResponse> {
  return request<ClientResponse>(`clients/${id}`, { method: 'PUT', body });
}

export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientRequest) => updateClient(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
