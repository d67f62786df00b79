import { useQuery } from '@tanstack/react-query';
import type {
  PortalFacturaResponse,
  PortalFacturarRequest,
  PortalTicketRequest,
  PortalTicketResponse,
} from '@repo/contracts/recibos';
import type { RegimenFiscalResponse, UsoCfdiResponse } from '@repo/contracts/catalogos';
import type { z } from 'zod';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

/** The public self-invoicing portal's calls (apps/api/src/modules/recibos/portal.routes.ts). */
export function portalApi(slug: string) {
  const base = `portal/${encodeURIComponent(slug)}`;
  return {
    logoUrl: `/api/${base}/logo`,
    info: () => request<{ nombre: string; tiene_logo: boolean }>(base),
    ticket: (body: PortalTicketRequest) =>
      request<PortalTicketResponse>(`${base}/ticket`, { method: 'POST', body }),
    facturar: (body: PortalFacturarRequest) =>
      request<PortalFacturaResponse>(`${base}/facturar`, { method: 'POST', body }),
  };
}
export type PortalApi = ReturnType<typeof portalApi>;

const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;
const catalog = <T>(path: string) => request<T>(path, { base: CATALOGOS_BASE });

/** The régimenes of the person type an RFC's length gives (12: moral, 13: física). */
export function useRegimenes(rfc: string) {
  const persona = rfc.length === 12 ? 'moral' : rfc.length === 13 ? 'fisica' : null;
  return useQuery({
    queryKey: ['catalogos', 'regimenes-fiscales', persona],
    queryFn: () =>
      catalog<z.infer<typeof RegimenFiscalResponse>[]>(`regimenes-fiscales/${persona ?? ''}`),
    enabled: persona !== null,
    ...FOREVER,
  });
}

/** The usos de CFDI a receiver of that RFC and régimen may choose. */
export function useUsos(rfc: string, regimen: string) {
  const listo = (rfc.length === 12 || rfc.length === 13) && regimen !== '';
  return useQuery({
    queryKey: ['catalogos', 'usos-cfdis', rfc, regimen],
    queryFn: () =>
      catalog<z.infer<typeof UsoCfdiResponse>[]>(
        `usos-cfdis/${encodeURIComponent(rfc)}/${encodeURIComponent(regimen)}`,
      ),
    enabled: listo,
    ...FOREVER,
  });
}
