// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFeedback, resetFeedback } from '../feedback/feedback-store.ts';
import { readStoredSession } from '../session/session-storage.ts';
import {
  destroySession,
  getSession,
  hydrateSession,
  rememberTarget,
  startSession,
} from '../session/session-store.ts';
import { SESSION_EXPIRED_MESSAGE, configureHttp, request, requestBody } from './api-client.ts';
import { ApiError } from './api-error.ts';

const user = {
  id: 1,
  email: 'ana@example.com',
  name: 'Ana',
  phone: '',
  first_steps_completed: false,
  enterprises: [
    {
      id: 7,
      rfc: 'AAA010101AAA',
      razon_social: 'ANA SA',
      nombre_comercial: '',
      settings_v40: { has_ppd_invoices: false },
      rol: 'propietario' as const,
      administradores_compran: true,
    },
  ],
};

interface Call {
  url: string;
  authorization: string | undefined;
  method: string;
}

/** A scripted server: each handler answers one path; every call is recorded. */
function serve(handlers: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = {
      url: url.pathname,
      authorization: headers.Authorization,
      method: init.method ?? 'GET',
    };
    calls.push(call);
    const handler = handlers[url.pathname];
    if (!handler) return json(404, { success: false, dataError: 'no existe' });
    return handler(call);
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 404 ? 'Not Found' : status === 422 ? 'Unprocessable Entity' : '',
    headers: { 'Content-Type': 'application/json' },
  });
}

let now = 1_000_000;
const sleeps: number[] = [];
let sessionEnded = 0;

beforeEach(() => {
  localStorage.clear();
  destroySession();
  resetFeedback();
  now = 1_000_000;
  sleeps.length = 0;
  sessionEnded = 0;
  configureHttp({
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((r) => setTimeout(r, 5));
    },
    onSessionEnded: () => {
      sessionEnded++;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session storage', () => {
  it('keeps token, user, enterprise and the expiry as millisecond timestamp text', () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    expect(localStorage.getItem('accessToken')).toBe('t1');
    expect(localStorage.getItem('expirationDate')).toBe(String(now + 60_000));
    expect(JSON.parse(localStorage.getItem('enterprise') ?? 'null')).toMatchObject({ id: 7 });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 1 });
    localStorage.setItem('totalRemainingCredits', '12');
    hydrateSession();
    expect(getSession()).toMatchObject({ token: 't1', totalRemainingCredits: 12 });
  });

  it('logout clears all six keys, the pre-order gateway id included', () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    localStorage.setItem('totalRemainingCredits', '3');
    localStorage.setItem('preOrderPaymentGatewayId', 'ord_1');
    localStorage.setItem('unrelated', 'x');
    destroySession();
    expect(Object.keys(localStorage).sort()).toEqual(['unrelated']);
    expect(getSession().token).toBeNull();
  });
});

describe('request', () => {
  it('sends the Bearer token and returns data of the envelope', async () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    const calls = serve({ '/api/users/ping': () => json(200, { success: true, data: { a: 1 } }) });
    await expect(request('users/ping')).resolves.toEqual({ a: 1 });
    expect(calls).toEqual([{ url: '/api/users/ping', authorization: 'Bearer t1', method: 'GET' }]);
  });

  it('refreshes before the next request once the expiry is reached', async () => {
    startSession({ token: 'old', expires_in: 60, user }, now);
    now += 60_000;
    const calls = serve({
      '/api/users/refresh-token': () =>
        json(200, { success: true, data: { token: 'new', expires_in: 120 } }),
      '/api/users/ping': () => json(200, { success: true, data: 1 }),
    });
    await request('users/ping');
    expect(calls.map((c) => [c.url, c.authorization])).toEqual([
      ['/api/users/refresh-token', 'Bearer old'],
      ['/api/users/ping', 'Bearer new'],
    ]);
    expect(localStorage.getItem('expirationDate')).toBe(String(now + 120_000));
  });

  it('does not refresh before the expiry', async () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    now += 59_999;
    const calls = serve({ '/api/users/ping': () => json(200, { success: true, data: 1 }) });
    await request('users/ping');
    expect(calls.map((c) => c.url)).toEqual(['/api/users/ping']);
  });

  it('makes other requests wait 1 s while a refresh runs, then proceed', async () => {
    startSession({ token: 'old', expires_in: 60, user }, now);
    now += 61_000;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = serve({
      '/api/users/refresh-token': async () => {
        await gate;
        return json(200, { success: true, data: { token: 'new', expires_in: 120 } });
      },
      '/api/a': () => json(200, { success: true, data: 'a' }),
      '/api/b': () => json(200, { success: true, data: 'b' }),
    });
    const first = request('a');
    await new Promise((r) => setTimeout(r, 0));
    const second = request('b');
    await new Promise((r) => setTimeout(r, 0));
    expect(sleeps).toEqual([1000]);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
    expect(calls.filter((c) => c.url === '/api/users/refresh-token')).toHaveLength(1);
  });

  it('a failed refresh clears token, user and expiry, empties state and ends the session', async () => {
    startSession({ token: 'old', expires_in: 60, user }, now);
    localStorage.setItem('totalRemainingCredits', '5');
    now += 61_000;
    const calls = serve({
      '/api/users/refresh-token': () => json(401, { success: false, dataError: 'x' }),
    });
    await expect(request('users/ping')).rejects.toBeInstanceOf(ApiError);
    const stored = readStoredSession();
    expect(stored.accessToken).toBeNull();
    expect(stored.user).toBeNull();
    expect(stored.expirationDate).toBeNull();
    expect(getSession().token).toBeNull();
    expect(getSession().user).toBeNull();
    expect(sessionEnded).toBe(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/users/refresh-token']);
  });
});

describe('error catalog (spec section 8)', () => {
  it('401 and 403 show the session message once, clear the session and keep the target', async () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    rememberTarget({ name: 'helpCenter', params: {}, search: '?x=1' });
    serve({
      '/api/a': () =>
        json(401, { success: false, dataError: 'Inicie sesión nuevamente, por favor.' }),
      '/api/b': () => json(403, { success: false, dataError: 'Prohibido' }),
    });
    await expect(request('a')).rejects.toMatchObject({ status: 401 });
    await expect(request('b')).rejects.toMatchObject({ status: 403 });
    expect(getFeedback().toasts.map((t) => [t.type, t.message])).toEqual([
      ['error', SESSION_EXPIRED_MESSAGE],
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(sessionEnded).toBe(2);
    expect(getSession().previousUrlName).toEqual({
      name: 'helpCenter',
      params: {},
      search: '?x=1',
    });
  });

  it('a 401 to a token replaced in flight (an enterprise switch) leaves the new session alone', async () => {
    startSession({ token: 't1', expires_in: 60, user }, now);
    let answer: () => void = () => undefined;
    const calls = serve({
      '/api/a': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(401, { success: false, dataError: 'x' }));
        }),
    });
    const pending = request('a');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    startSession({ token: 't2', expires_in: 60, user }, now);
    answer();
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBe('t2');
    expect(sessionEnded).toBe(0);
    expect(getFeedback().toasts).toEqual([]);
  });

  it('persistentErrorMessage opens the banner with the error ID', async () => {
    serve({
      '/api/a': () =>
        json(500, {
          success: false,
          dataError: 'Falló <strong>todo</strong>',
          persistentErrorMessage: true,
          errorTrackingUUID: 'abc-123',
        }),
    });
    const error = await request('a').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, apiErrorClientMessage: null });
    expect(getFeedback().banner).toMatchObject({
      message: 'Falló <strong>todo</strong>',
      errorTrackingUUID: 'abc-123',
    });
    expect(getFeedback().toasts).toEqual([]);
  });

  it('402 (no credits left) opens the banner with a way to buy credits', async () => {
    serve({
      '/api/a': () =>
        json(402, {
          success: false,
          dataError: 'Créditos insuficientes',
          persistentErrorMessage: true,
          showErrorToClient: true,
        }),
    });
    await request('a').catch(() => undefined);
    expect(getFeedback().banner).toMatchObject({
      message: 'Créditos insuficientes',
      action: { label: 'Comprar créditos', to: '/comprar-creditos' },
    });
  });

  it('showErrorToClient shows an error toast', async () => {
    serve({
      '/api/a': () =>
        json(400, { success: false, dataError: 'Datos incorrectos', showErrorToClient: true }),
    });
    await expect(request('a')).rejects.toMatchObject({
      apiErrorClientMessage: 'Datos incorrectos',
    });
    expect(getFeedback().toasts.map((t) => [t.type, t.message])).toEqual([
      ['error', 'Datos incorrectos'],
    ]);
  });

  it('other 4xx attach the first item of an object message, or the status text', async () => {
    serve({
      '/api/a': () =>
        json(422, {
          success: false,
          dataError: { email: ['Correo inválido', 'otro'], name: ['x'] },
        }),
      '/api/b': () => new Response('not json', { status: 404, statusText: 'Not Found' }),
    });
    const a = (await request('a').catch((e: unknown) => e)) as ApiError;
    expect(a.apiErrorClientMessage).toBe('Correo inválido');
    expect(a.fieldErrors).toEqual({ email: ['Correo inválido', 'otro'], name: ['x'] });
    const b = (await request('b').catch((e: unknown) => e)) as ApiError;
    expect(b.apiErrorClientMessage).toBe('Not Found');
    expect(getFeedback().toasts).toEqual([]);
    expect(getFeedback().banner).toBeNull();
  });

  it('returns the whole body of a uniqueness check answered with 200', async () => {
    serve({
      '/api/users/unique-email/a@b.mx': () => json(200, { success: false, dataError: 'Ya existe' }),
    });
    await expect(requestBody('users/unique-email/a@b.mx')).resolves.toEqual({
      success: false,
      dataError: 'Ya existe',
    });
  });
});
