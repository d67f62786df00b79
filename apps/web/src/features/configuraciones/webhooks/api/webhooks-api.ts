import type {
  EntregaDetalleResponse,
  EntregaResponse,
  WebhookConSecretoResponse,
  WebhookRequest,
  WebhookResponse,
} from '@repo/contracts/webhooks';
import { request } from '#src/shared/http/api-client.ts';

export interface PaginaEntregas {
  data: EntregaResponse[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** The webhook calls of the signed-in enterprise (apps/api/src/modules/webhooks). */
export function webhooksApi(enterpriseId: number) {
  return {
    key: ['webhooks', enterpriseId] as const,
    listar: () => request<WebhookResponse[]>(`webhooks/${enterpriseId}`),
    crear: (body: WebhookRequest) =>
      request<WebhookConSecretoResponse>(`webhooks/${enterpriseId}`, { method: 'POST', body }),
    actualizar: (id: number, body: WebhookRequest) =>
      request<WebhookResponse>(`webhooks/endpoint/${id}`, { method: 'PUT', body }),
    eliminar: (id: number) => request<null>(`webhooks/endpoint/${id}`, { method: 'DELETE' }),
    rotarSecreto: (id: number) =>
      request<WebhookConSecretoResponse>(`webhooks/endpoint/${id}/secreto`, { method: 'POST' }),
    probar: (id: number) => request<null>(`webhooks/endpoint/${id}/prueba`, { method: 'POST' }),
    entregas: (id: number, page: number) =>
      request<PaginaEntregas>(`webhooks/endpoint/${id}/entregas`, { query: { page } }),
    entrega: (id: number) => request<EntregaDetalleResponse>(`webhooks/entregas/${id}`),
    reenviar: (id: number) => request<null>(`webhooks/entregas/${id}/reenviar`, { method: 'POST' }),
  };
}
export type WebhooksApi = ReturnType<typeof webhooksApi>;
