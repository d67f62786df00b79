import type {
  EstadoRecibo,
  PortalConfigResponse,
  ReciboRequestInput,
  ReciboResponse,
} from '@repo/contracts/recibos';
import type { ReciboImportResponse } from '@repo/contracts/recibos-importacion';
import { request } from '#src/shared/http/api-client.ts';
import { downloadFile } from '#src/shared/ui/list/download-file.ts';

export interface PaginaRecibos {
  data: ReciboResponse[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** The receipts and portal calls of the signed-in enterprise (apps/api/src/modules/recibos). */
export function recibosApi(enterpriseId: number) {
  return {
    key: ['recibos', enterpriseId] as const,
    listar: (page: number, estado: EstadoRecibo | null) =>
      request<PaginaRecibos>(`recibos/${enterpriseId}`, {
        query: { page, ...(estado ? { estado } : {}) },
      }),
    crear: (body: ReciboRequestInput) =>
      request<ReciboResponse>(`recibos/${enterpriseId}`, { method: 'POST', body }),
    importar: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<ReciboImportResponse>(`recibos/${enterpriseId}/importar`, {
        method: 'POST',
        body: form,
      });
    },
    plantilla: () =>
      downloadFile(`recibos/${enterpriseId}/importar/plantilla`, 'plantilla-recibos.xlsx'),
    detalle: (id: number) => request<ReciboResponse>(`recibos/detalle/${id}`),
    cancelar: (id: number) =>
      request<ReciboResponse>(`recibos/detalle/${id}/cancelar`, { method: 'POST' }),
    portal: () => request<PortalConfigResponse>(`portal-facturacion/${enterpriseId}`),
    guardarPortal: (body: { activo: boolean; dias: number | null }) =>
      request<PortalConfigResponse>(`portal-facturacion/${enterpriseId}`, { method: 'PUT', body }),
  };
}
export type RecibosApi = ReturnType<typeof recibosApi>;

/** XXXX-XXXX-XXXX: the code as printed, easier to read aloud and to type. */
export function codigoLegible(codigo: string): string {
  return codigo.replace(/(.{4})(?=.)/g, '$1-');
}
