import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegimenFiscalResponse } from '@repo/contracts/catalogos';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

type RegimenFiscal = z.infer<typeof RegimenFiscalResponse>;

/** GET /regimenes-fiscales/{rfc}: the regimes for the RFC's person type (all when there is none). */
export function useRegimenesFiscales(rfc: string) {
  return useQuery({
    queryKey: ['catalogos', 'regimenes-fiscales', rfc],
    queryFn: () =>
      request<RegimenFiscal[]>(
        rfc ? `regimenes-fiscales/${encodeURIComponent(rfc)}` : 'regimenes-fiscales',
        { base: CATALOGOS_BASE },
      ),
    staleTime: Infinity,
  });
}
