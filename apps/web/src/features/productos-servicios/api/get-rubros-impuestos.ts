import { useQuery } from '@tanstack/react-query';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { request } from '#src/shared/http/api-client.ts';

/** GET /rubros-impuestos: the enterprise's tax groups, offered in the product form. */
export function useRubrosImpuestos() {
  return useQuery({
    queryKey: ['rubros-impuestos'],
    queryFn: () => request<RubroImpuestoResponse[]>('rubros-impuestos'),
  });
}
