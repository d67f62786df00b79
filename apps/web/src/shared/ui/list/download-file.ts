import type { ErrorBody } from '@repo/contracts/envelope';
import { API_BASE } from '../../config.ts';
import { failure, request } from '../../http/api-client.ts';
import { ApiError, firstErrorMessage } from '../../http/api-error.ts';
import { notify } from '../../feedback/feedback-store.ts';
import { readStoredSession } from '../../session/session-storage.ts';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a file to the browser as a download. */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET a file of the API (an export, an import template) and save it. The JSON client refreshes an
 * expired token first (spec section 4); a failure is shown as an error toast and rethrown.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { expirationDate } = readStoredSession();
  if (expirationDate !== null && Date.now() >= expirationDate) {
    await request('users/get-total-remaining-credits');
  }
  const token = readStoredSession().accessToken;
  const response = await fetch(`${API_BASE.replace(/\/+$/, '')}/${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response) {
    const message = 'No fue posible comunicarse con el servidor.';
    notify('error', message);
    throw new ApiError(0, message, null, message);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    // 401/403 end the session like any other call (the JSON client's own failure path).
    if (response.status === 401 || response.status === 403) {
      throw failure(response.status, response.statusText, body);
    }
    // Other errors are toasted here: a download has no screen of its own to show them.
    const message = firstErrorMessage(body?.dataError) || 'No fue posible descargar el archivo.';
    notify('error', message);
    throw new ApiError(response.status, message, body, message);
  }
  saveFile(
    await response.blob(),
    fileNameOf(response.headers.get('content-disposition'), fallbackName),
  );
}
