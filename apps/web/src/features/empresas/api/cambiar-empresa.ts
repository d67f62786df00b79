import type { SessionResponse } from '@repo/contracts/users';
import { replacingToken, request } from '#src/shared/http/api-client.ts';
import { startSessionWithCredits } from '#src/shared/session/session-credits.ts';

function nombreDe(e: { nombre_comercial: string; razon_social: string; rfc: string }): string {
  return e.nombre_comercial.trim() || e.razon_social.trim() || e.rfc;
}

/**
 * POST /users/cambiar-empresa: a session on another of the user's enterprises (issue 27); every
 * screen's cached data is dropped with the switch. Answers the enterprise's name.
 */
export async function cambiarAEmpresa(enterpriseId: number): Promise<string> {
  const session = await replacingToken(async () => {
    const answer = await request<SessionResponse>('users/cambiar-empresa', {
      method: 'POST',
      body: { enterprise_id: enterpriseId },
    });
    await startSessionWithCredits(answer);
    return answer;
  });
  const activa = session.user.enterprises[0];
  return activa ? nombreDe(activa) : '';
}
