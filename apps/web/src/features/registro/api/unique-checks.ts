import type { UniqueCheckResponse } from '@repo/contracts/enterprises';
import { requestBody } from '#src/shared/http/api-client.ts';

/** null when unique, else the server's message. Both checks answer 200 and are read by `success`. */
async function check(path: string): Promise<string | null> {
  const body = await requestBody<UniqueCheckResponse>(path);
  return body.success ? null : body.dataError;
}

/** GET users/unique-email/{emailAddress}. */
export function checkUniqueEmail(email: string): Promise<string | null> {
  return check(`users/unique-email/${encodeURIComponent(email)}`);
}

/** GET /enterprises/unique-rfc/{rfcValue}; an empty RFC skips the check. */
export function checkUniqueRfc(rfc: string): Promise<string | null> {
  if (rfc === '') return Promise.resolve(null);
  return check(`enterprises/unique-rfc/${encodeURIComponent(rfc)}`);
}
