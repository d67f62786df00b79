import type { ErrorBody } from '@repo/contracts/envelope';
import { API_BASE } from '../config.ts';
import { notify, showPersistentError } from '../feedback/feedback-store.ts';
import { readStoredSession } from '../session/session-storage.ts';
import { endSessionAuth, replaceToken } from '../session/session-store.ts';
import { ApiError, firstErrorMessage } from './api-error.ts';
import { takePrefetched } from './prefetched.ts';

export const SESSION_EXPIRED_MESSAGE = 'Inicie sesión nuevamente, por favor.';
export const NETWORK_ERROR_MESSAGE =
  'No fue posible comunicarse con el servidor. Revise su conexión a internet e inténtelo de nuevo.';
/** Spec section 9: while a refresh runs, other requests wait this long, then proceed. */
export const REFRESH_WAIT_MS = 1000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Defaults to the API base; the catalog service passes CATALOGOS_BASE. */
  base?: string;
  signal?: AbortSignal;
}

interface HttpHooks {
  /** The session ended (401/403 or a failed refresh): the app remembers where the user was and opens login. */
  onSessionEnded: () => void;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const hooks: HttpHooks = {
  onSessionEnded: () => undefined,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

let refreshing: Promise<boolean> | null = null;

function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function endSession(): void {
  endSessionAuth();
  hooks.onSessionEnded();
}

/** GET users/refresh-token with the (just) expired token; false when it failed and the session ended. */
async function refreshToken(token: string): Promise<boolean> {
  try {
    const response = await fetch(join(API_BASE, 'users/refresh-token'), {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: { token?: unknown; expires_in?: unknown };
    } | null;
    const data = body?.data;
    if (
      response.ok &&
      body?.success === true &&
      typeof data?.token === 'string' &&
      typeof data.expires_in === 'number'
    ) {
      replaceToken(data.token, data.expires_in, hooks.now());
      return true;
    }
  } catch {
    // A network failure ends the session like a refused refresh: the stored token is unusable.
  }
  endSession();
  return false;
}

/** Spec section 4: refresh before the next request once the expiry is reached; others wait 1 s. */
async function ensureFreshToken(): Promise<void> {
  if (refreshing) {
    await hooks.sleep(REFRESH_WAIT_MS);
    return;
  }
  const { accessToken, expirationDate } = readStoredSession();
  if (!accessToken || expirationDate === null || hooks.now() < expirationDate) return;
  refreshing = refreshToken(accessToken);
  try {
    const ok = await refreshing;
    if (!ok) throw new ApiError(401, SESSION_EXPIRED_MESSAGE, null, null);
  } finally {
    refreshing = null;
  }
}

export const BUY_CREDITS_ACTION = { label: 'Comprar créditos', to: '/comprar-creditos' };

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    'dataError' in value
  );
}

/**
 * The error catalog of spec section 8, items 1 to 5: shows the failure as the API asked and ends the
 * session on 401/403. Also used by file downloads, so a dead token there ends the session too.
 */
export function failure(status: number, statusText: string, body: ErrorBody | null): ApiError {
  const message = firstErrorMessage(body?.dataError) || statusText || `Error ${status}`;
  if (body?.persistentErrorMessage) {
    // 402: no credits left to stamp; the banner leads to the purchase instead of a dead end.
    const action = status === 402 ? BUY_CREDITS_ACTION : null;
    showPersistentError(message, body.errorTrackingUUID ?? null, action);
  } else if (body?.showErrorToClient) {
    notify('error', message);
  }
  if (status === 401 || status === 403) {
    notify('error', SESSION_EXPIRED_MESSAGE, { id: 'session-expired', mode: 'once' });
    endSession();
    return new ApiError(status, SESSION_EXPIRED_MESSAGE, body, null);
  }
  const clientMessage = status >= 400 && status < 500 ? message : null;
  return new ApiError(status, message, body, clientMessage);
}

/**
 * The one HTTP client. Resolves with the whole JSON body (the `{ success, data }` envelope, or the
 * `{ success: false }` of a uniqueness check answered with 200); rejects with ApiError otherwise.
 */
export async function requestBody<T>(path: string, options: RequestOptions = {}): Promise<T> {
  await ensureFreshToken();
  const url = new URL(join(options.base ?? API_BASE, path), window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readStoredSession().accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body is sent as multipart (the browser sets the boundary); anything else as JSON.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const prefetched =
    method === 'GET' ? takePrefetched(url.pathname + url.search, token ?? null) : null;
  // A prefetched failure is asked again, so every error goes through the same path below.
  const early = prefetched ? await prefetched : null;
  if (early?.ok) {
    const body: unknown = await early.json().catch(() => undefined);
    if (body !== undefined) return body as T;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body:
        options.body === undefined
          ? null
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    notify('error', NETWORK_ERROR_MESSAGE, { id: 'network-error', mode: 'replace' });
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, null, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && token && replaced(token)) {
      // The token this request carried was replaced while it was in flight: switching enterprise
      // (issue 27) revokes it. Its refusal does not end the new session; the switch dropped the
      // cached data, and the screens ask again with the new token.
      throw new ApiError(response.status, SESSION_EXPIRED_MESSAGE, null, null);
    }
    throw failure(response.status, response.statusText, isErrorBody(body) ? body : null);
  }
  return body as T;
}

/** Tokens a call in flight is revoking (an enterprise switch): see replacingToken. */
const retiring = new Set<string>();

function replaced(token: string): boolean {
  const current = readStoredSession().accessToken;
  return retiring.has(token) || (current !== null && current !== token);
}

/**
 * Runs a call that revokes the session's token and answers the next one (switching enterprise,
 * issue 27): a request carrying that token refused while the call is in flight does not end the
 * session either.
 */
export async function replacingToken<T>(call: () => Promise<T>): Promise<T> {
  const token = readStoredSession().accessToken;
  if (token) retiring.add(token);
  try {
    return await call();
  } finally {
    if (token) retiring.delete(token);
  }
}

/** The `data` of a `{ success: true, data }` answer. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await requestBody<{ success: boolean; data: T }>(path, options);
  return body.data;
}
