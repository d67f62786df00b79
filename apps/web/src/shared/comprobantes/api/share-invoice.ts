import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateShareLinkResponse,
  ShareLinkInfo,
  ShareMethod,
} from '@repo/contracts/comprobantes';
import { request } from '#src/shared/http/api-client.ts';

export const sharingInfoQueryKey = (id: number) =>
  ['comprobantes', id, 'sharing-invoice-sent-information'] as const;

/** POST comprobantes/v40/{id}/create-share-invoice-link — share_method. */
export function createShareInvoiceLink(
  id: number,
  shareMethod: ShareMethod,
): Promise<CreateShareLinkResponse> {
  return request<CreateShareLinkResponse>(`comprobantes/v40/${id}/create-share-invoice-link`, {
    method: 'POST',
    body: { share_method: shareMethod },
  });
}

/** GET comprobantes/v40/{id}/get-sharing-invoice-sent-information, newest first. */
export function useSharingSentInformation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: sharingInfoQueryKey(id),
    queryFn: () =>
      request<ShareLinkInfo[]>(`comprobantes/v40/${id}/get-sharing-invoice-sent-information`),
    enabled,
  });
}

export function useCreateShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareMethod: ShareMethod) => createShareInvoiceLink(id, shareMethod),
    // The links and the document's history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comprobantes', id] }),
  });
}

/** POST comprobantes/v40/{id}/share-links/{linkId}/revoke: the link opens nothing from now on. */
export function useRevokeShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) =>
      request<ShareLinkInfo>(`comprobantes/v40/${id}/share-links/${linkId}/revoke`, {
        method: 'POST',
        body: {},
      }),
    // The links and the document's history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comprobantes', id] }),
  });
}
