import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import type { NewClientLoginResponse } from '@repo/contracts/new-client';
import { request } from '#src/shared/http/api-client.ts';

const token = (newClientToken: string) => encodeURIComponent(newClientToken);

/**
 * GET /users/login/new-client/{newClientToken}: who is configuring which enterprise (the wizard's
 * newClientInfo and enterpriseInfo). Rejects with 404 for a used or unknown token, 409 unverified.
 */
export function getNewClientInfo(newClientToken: string): Promise<NewClientLoginResponse> {
  return request(`users/login/new-client/${token(newClientToken)}`);
}

/** POST new-client/complete-initial-configuration/{token}: the last step; answers a session. */
export function completeInitialConfiguration(
  newClientToken: string,
): Promise<NewClientLoginResponse> {
  return request(`new-client/complete-initial-configuration/${token(newClientToken)}`, {
    method: 'POST',
  });
}

/** GET new-client/clients/{token}: the clients registered during the wizard. */
export function getNewClientClients(newClientToken: string): Promise<ClientResponse[]> {
  return request(`new-client/clients/${token(newClientToken)}`);
}

/** POST new-client/clients/{token}. */
export function createNewClientClient(
  newClientToken: string,
  body: ClientRequest,
): Promise<ClientResponse> {
  return request(`new-client/clients/${token(newClientToken)}`, { method: 'POST', body });
}

/** POST new-client/clients/{token}/rfc-unique. */
export async function checkNewClientClientRfc(
  newClientToken: string,
  rfc: string,
): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>(
    `new-client/clients/${token(newClientToken)}/rfc-unique`,
    { method: 'POST', body: { rfc, id: null } },
  );
  return is_unique;
}
