import type {
  ClaveApiCreadaResponse,
  ClaveApiRequest,
  ClaveApiResponse,
} from '@repo/contracts/claves-api';
import { request } from '#src/shared/http/api-client.ts';

/** The API-key calls of the signed-in enterprise (apps/api/src/modules/claves-api). */
export function clavesApi(enterpriseId: number) {
  return {
    key: ['claves-api', enterpriseId] as const,
    listar: () => request<ClaveApiResponse[]>(`claves-api/${enterpriseId}`),
    crear: (body: ClaveApiRequest) =>
      request<ClaveApiCreadaResponse>(`claves-api/${enterpriseId}`, { method: 'POST', body }),
    revocar: (id: number) =>
      request<ClaveApiResponse>(`claves-api/clave/${id}/revocar`, { method: 'POST' }),
  };
}
export type ClavesApi = ReturnType<typeof clavesApi>;
