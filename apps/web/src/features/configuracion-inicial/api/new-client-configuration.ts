import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import type { NewClientLoginResponse } from '@repo/contracts/new-client';
import type {
  IvaFronterizoResponse,
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
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

const products = (newClientToken: string) =>
  `new-client/products-services/${token(newClientToken)}`;

/** GET new-client/products-services/{token}: the products and services registered in the wizard. */
export function getNewClientProducts(newClientToken: string): Promise<ProductServiceResponse[]> {
  return request(products(newClientToken));
}

/** POST new-client/products-services/{token}. */
export function createNewClientProduct(
  newClientToken: string,
  body: ProductServiceRequest,
): Promise<ProductServiceResponse> {
  return request(products(newClientToken), { method: 'POST', body });
}

/** GET new-client/products-services/{token}/iva-fronterizo: may groups with IVA 8 % be chosen? */
export function getNewClientIvaFronterizo(
  newClientToken: string,
  clave: string | null,
): Promise<IvaFronterizoResponse> {
  const q = clave ? `?clave=${encodeURIComponent(clave)}` : '';
  return request(`${products(newClientToken)}/iva-fronterizo${q}`);
}

/** POST new-client/products-services/{token}/internal-code-unique. */
export async function checkNewClientProductCode(
  newClientToken: string,
  internalCode: string,
  id: number | null,
): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>(
    `${products(newClientToken)}/internal-code-unique`,
    { method: 'POST', body: { internal_code: internalCode, id } },
  );
  return is_unique;
}

/** POST new-client/products-services/{token}/description-unique. */
export async function checkNewClientProductDescription(
  newClientToken: string,
  description: string,
  id: number | null,
): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>(
    `${products(newClientToken)}/description-unique`,
    { method: 'POST', body: { description, id } },
  );
  return is_unique;
}

/** GET new-client/rubros-impuesto/{token}: the tax groups a product can take. */
export function getNewClientRubros(newClientToken: string): Promise<RubroImpuestoResponse[]> {
  return request(`new-client/rubros-impuesto/${token(newClientToken)}`);
}
