import type { DatosFiscalesRequest, DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import { API_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { readStoredSession } from '#src/shared/session/session-storage.ts';

/**
 * The tax data calls the form needs. Configuraciones passes the signed-in enterprise's
 * (datos-fiscales/{enterpriseId}); the initial configuration wizard the new-client token's.
 */
export interface DatosFiscalesApi {
  /** Part of the query key: whose data these are. */
  scope: string;
  get(): Promise<DatosFiscalesResponse>;
  /** The wizard may set the RFC registration left empty; Configuraciones never changes it. */
  canSetRfc: boolean;
  save(body: DatosFiscalesRequest & { rfc?: string }): Promise<DatosFiscalesResponse>;
  uploadLogo(file: File): Promise<DatosFiscalesResponse>;
  deleteLogo(): Promise<DatosFiscalesResponse>;
  /** The logo image, given the address the tax data answered. */
  loadLogo(logo: string): Promise<Blob>;
}

async function fetchImage(path: string): Promise<Blob> {
  const token = readStoredSession().accessToken;
  const response = await fetch(
    path,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );
  if (!response.ok)
    throw new ApiError(response.status, 'No fue posible cargar el logotipo.', null, null);
  return response.blob();
}

function logoForm(file: File): FormData {
  const form = new FormData();
  form.append('logo', file, file.name);
  return form;
}

export function enterpriseDatosFiscalesApi(enterpriseId: number): DatosFiscalesApi {
  const base = `datos-fiscales/${enterpriseId}`;
  return {
    scope: `enterprise-${enterpriseId}`,
    canSetRfc: false,
    get: () => request(base),
    save: ({ rfc: _rfc, ...body }) => request(base, { method: 'PUT', body }),
    uploadLogo: (file) => request(`${base}/logo`, { method: 'POST', body: logoForm(file) }),
    deleteLogo: () => request(`${base}/logo`, { method: 'DELETE' }),
    loadLogo: (logo) => fetchImage(logo),
  };
}

export function newClientDatosFiscalesApi(newClientToken: string): DatosFiscalesApi {
  const base = `new-client/datos-fiscales/${encodeURIComponent(newClientToken)}`;
  return {
    scope: `new-client-${newClientToken}`,
    canSetRfc: true,
    get: () => request(base),
    save: (body) => request(base, { method: 'PUT', body }),
    uploadLogo: (file) => request(`${base}/logo`, { method: 'POST', body: logoForm(file) }),
    deleteLogo: () => request(`${base}/logo`, { method: 'DELETE' }),
    // The answered address needs a session; the wizard reads the token's copy (same version).
    loadLogo: (logo) =>
      fetchImage(`${API_BASE.replace(/\/+$/, '')}/${base}/logo${logo.slice(logo.indexOf('?'))}`),
  };
}
