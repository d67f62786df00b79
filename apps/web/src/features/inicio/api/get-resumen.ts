import { useQuery } from '@tanstack/react-query';
import type { ResumenInicio } from '@repo/contracts/inicio';
import { request } from '#src/shared/http/api-client.ts';

/** GET /inicio/resumen: twelve months invoiced, PPD still owed, cancellations, the latest. */
export function useResumenInicio() {
  return useQuery({
    queryKey: ['inicio', 'resumen'],
    queryFn: () => request<ResumenInicio>('inicio/resumen'),
  });
}
