import { useQuery } from '@tanstack/react-query';
import type {
  ConfiguracionEmpresaResponse,
  EmpresasResumenResponse,
} from '@repo/contracts/empresas';
import { request } from '#src/shared/http/api-client.ts';

/** POST /empresas: a new enterprise of the user; answers the token of its initial configuration. */
export function agregarEmpresa(rfc: string): Promise<ConfiguracionEmpresaResponse> {
  return request<ConfiguracionEmpresaResponse>('empresas', { method: 'POST', body: { rfc } });
}

/** POST /empresas/{id}/configuracion-inicial: resumes an unfinished initial configuration. */
export function continuarConfiguracion(
  enterpriseId: number,
): Promise<ConfiguracionEmpresaResponse> {
  return request<ConfiguracionEmpresaResponse>(`empresas/${enterpriseId}/configuracion-inicial`, {
    method: 'POST',
  });
}

/** GET /empresas/resumen: the accountant's overview across the user's enterprises. */
export function useResumenEmpresas() {
  return useQuery({
    queryKey: ['empresas', 'resumen'],
    queryFn: () => request<EmpresasResumenResponse>('empresas/resumen'),
  });
}
