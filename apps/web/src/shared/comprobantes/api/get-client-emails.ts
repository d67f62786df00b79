import { useQuery } from '@tanstack/react-query';
import { request } from '#src/shared/http/api-client.ts';

/** GET /clients/{id}: the invoice's client e-mail addresses, offered as the first recipients. */
export function useClientEmails(clientId: number | null) {
  return useQuery({
    queryKey: ['clients', clientId, 'emails'],
    queryFn: async () => (await request<{ emails: string[] }>(`clients/${clientId}`)).emails,
    enabled: clientId !== null,
    retry: false,
  });
}
