import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSendingInfo, SendByEmailRequest } from '@repo/contracts/comprobantes';
import { request } from '#src/shared/http/api-client.ts';

export const sentInfoQueryKey = (id: number) =>
  ['comprobantes', id, 'invoice-sent-information'] as const;

/** POST comprobantes/v40/{id}/send-by-email — emails, comprobante_type. */
export function sendByEmail(id: number, body: SendByEmailRequest): Promise<EmailSendingInfo> {
  return request<EmailSendingInfo>(`comprobantes/v40/${id}/send-by-email`, {
    method: 'POST',
    body,
  });
}

/** GET comprobantes/v40/{id}/get-invoice-sent-information, newest first. */
export function useInvoiceSentInformation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: sentInfoQueryKey(id),
    queryFn: () =>
      request<EmailSendingInfo[]>(`comprobantes/v40/${id}/get-invoice-sent-information`),
    enabled,
  });
}

export function useSendByEmail(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendByEmailRequest) => sendByEmail(id, body),
    // A refused sending is recorded too: the list (and the history) is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['comprobantes', id] }),
  });
}
