import { useQuery } from '@tanstack/react-query';
import type { SharedComprobanteSummary } from '@repo/contracts/comprobantes';
import { API_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

function compartidoPath(token: string): string {
  return `comprobantes/v40/compartidos/${encodeURIComponent(token)}`;
}

/** GET comprobantes/v40/compartidos/{token}: the public summary of one shared comprobante (no session). */
export function useComprobanteCompartido(token: string) {
  return useQuery({
    queryKey: ['comprobantes', 'compartidos', token],
    queryFn: () => request<SharedComprobanteSummary>(compartidoPath(token)),
    // An unknown or expired link stays so: asking again would only count visits.
    retry: false,
    staleTime: Infinity,
  });
}

/** The address of the shared PDF or XML; the server answers it as a download with its file name. */
export function archivoCompartidoUrl(token: string, archivo: 'pdf' | 'xml'): string {
  return `${API_BASE.replace(/\/+$/, '')}/${compartidoPath(token)}/${archivo}`;
}
