import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import { request } from '#src/shared/http/api-client.ts';
import { clientsKey } from './get-clients.ts';

/** POST /clients. */
export function createClient(body: ClientRequest): Promise<ClientResponse> {
  return request<ClientResponse>('clients', { method: 'POST', body });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
