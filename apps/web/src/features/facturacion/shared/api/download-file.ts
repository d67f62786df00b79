import { requestBody } from '#src/shared/http/api-client.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { API_BASE } from '#src/shared/config.ts';
import { readStoredSession } from '#src/shared/session/session-storage.ts';

/** The file name of a `Content-Disposition: attachment; filename="..."` (RFC 6266, filename* first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed filename* falls through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file the API sends as an attachment and saves it under the name the API gives.
 * A failure is asked again through the one HTTP client, so it gets the error handling of spec
 * section 8 (toast, banner, session end) like every other call.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { expirationDate } = readStoredSession();
  // An expired token is refreshed by the HTTP client before the file is asked for.
  if (expirationDate !== null && Date.now() >= expirationDate)
    await requestBody('users/get-total-remaining-credits');
  const token = readStoredSession().accessToken;
  const url = new URL(`${API_BASE.replace(/\/+$/, '')}/${path}`, window.location.origin);
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok) {
    await requestBody(path);
    throw new ApiError(0, 'No fue posible descargar el archivo. Inténtelo de nuevo.', null, null);
  }
  const fileName = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
