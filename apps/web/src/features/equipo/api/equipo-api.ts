import type {
  AceptarInvitacionRequest,
  ComprasAdministradores,
  EquipoResponse,
  InvitacionInfo,
  InvitacionRequest,
  Rol,
} from '@repo/contracts/equipo';
import type { LoginResponse } from '@repo/contracts/users';
import { request } from '#src/shared/http/api-client.ts';

/** The "Usuarios" calls of the signed-in enterprise (apps/api/src/modules/equipo). */
export function equipoApi(enterpriseId: number) {
  return {
    key: ['equipo', enterpriseId] as const,
    ver: () => request<EquipoResponse>(`equipo/${enterpriseId}`),
    invitar: (body: InvitacionRequest) =>
      request<{ id: number }>(`equipo/${enterpriseId}/invitaciones`, { method: 'POST', body }),
    cancelarInvitacion: (id: number) =>
      request<null>(`equipo/${enterpriseId}/invitaciones/${id}`, { method: 'DELETE' }),
    cambiarRol: (userId: number, rol: Rol) =>
      request<null>(`equipo/${enterpriseId}/miembros/${userId}`, { method: 'PUT', body: { rol } }),
    quitar: (userId: number) =>
      request<null>(`equipo/${enterpriseId}/miembros/${userId}`, { method: 'DELETE' }),
    /** The owner's switch on administrators' purchases (the owner only). */
    comprasKey: ['equipo', enterpriseId, 'compras-administradores'] as const,
    verCompras: () =>
      request<ComprasAdministradores>(`equipo/${enterpriseId}/compras-administradores`),
    cambiarCompras: (body: ComprasAdministradores) =>
      request<ComprasAdministradores>(`equipo/${enterpriseId}/compras-administradores`, {
        method: 'PUT',
        body,
      }),
  };
}
export type EquipoApi = ReturnType<typeof equipoApi>;

/** GET /invitaciones/{token}: what the link offers; rejects with a 404 when used or expired. */
export function verInvitacion(token: string): Promise<InvitacionInfo> {
  return request<InvitacionInfo>(`invitaciones/${encodeURIComponent(token)}`);
}

/** POST /invitaciones/{token}/aceptar: the answer signs the user in on the enterprise. */
export function aceptarInvitacion(
  token: string,
  body: AceptarInvitacionRequest,
): Promise<LoginResponse> {
  return request<LoginResponse>(`invitaciones/${encodeURIComponent(token)}/aceptar`, {
    method: 'POST',
    body,
  });
}
