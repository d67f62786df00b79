import type { CerFileInfoResponse, SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import { request } from '#src/shared/http/api-client.ts';

/** The seals calls (sellos-fiscales/{enterpriseId}, or the wizard's new-client/sellos-fiscales/{token}). */
export interface SellosFiscalesApi {
  scope: string;
  get(): Promise<SellosFiscalesResponse>;
  /** POST …/get-cer-file-info, multipart cer_file: what the certificate says, nothing saved. */
  getCerFileInfo(cer: File): Promise<CerFileInfoResponse>;
  /** POST …, multipart cer_file, key_file, password. */
  save(input: { cer: File; key: File; password: string }): Promise<SellosFiscalesResponse>;
}

function cerForm(cer: File): FormData {
  const form = new FormData();
  form.append('cer_file', cer, cer.name);
  return form;
}

function sellosForm(input: { cer: File; key: File; password: string }): FormData {
  const form = cerForm(input.cer);
  form.append('key_file', input.key, input.key.name);
  form.append('password', input.password);
  return form;
}

function sellosApi(base: string, scope: string): SellosFiscalesApi {
  return {
    scope,
    get: () => request(base),
    getCerFileInfo: (cer) =>
      request(`${base}/get-cer-file-info`, { method: 'POST', body: cerForm(cer) }),
    save: (input) => request(base, { method: 'POST', body: sellosForm(input) }),
  };
}

export const enterpriseSellosFiscalesApi = (enterpriseId: number) =>
  sellosApi(`sellos-fiscales/${enterpriseId}`, `enterprise-${enterpriseId}`);

export const newClientSellosFiscalesApi = (newClientToken: string) =>
  sellosApi(
    `new-client/sellos-fiscales/${encodeURIComponent(newClientToken)}`,
    `new-client-${newClientToken}`,
  );
