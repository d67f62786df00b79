import { useQueryClient } from '@tanstack/react-query';
import { request } from '#src/shared/http/api-client.ts';
import { clientsKey } from './get-clients.ts';

/** DELETE /clients/{id}. */
export function deleteClient(id: number): Promise<null> {
  return request<null>(`clients/${id}`, { method: 'DELETE' });
}

/** Deletes a client and refreshes every client list and detail. */
export function useDeleteClient(): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  return async (id) => {
    await deleteClient(id);
    queryClient.removeQueries({ queryKey: [...clientsKey, 'detail', id] });
    await queryClient.invalidateQueries({ queryKey: [...clientsKey, 'list'] });
  };
}
