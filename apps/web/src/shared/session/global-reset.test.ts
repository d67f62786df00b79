// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDelete, getFeedback, resetFeedback } from '../feedback/feedback-store.ts';
import { SESSION_EXPIRED_MESSAGE, configureHttp, request } from '../http/api-client.ts';
import { logout } from './auth-api.ts';
import { resetFeatureStatesOnSessionEnd } from './global-reset.ts';
import { destroySession, startSession } from './session-store.ts';

const userOf = (id: number, email: string) => ({
  id,
  email,
  name: '',
  phone: '',
  first_steps_completed: true,
  enterprises: [
    {
      id: id * 10,
      rfc: 'AAA010101AAA',
      razon_social: `EMPRESA ${id} SA`,
      nombre_comercial: '',
      settings_v40: { has_ppd_invoices: false },
      rol: 'propietario' as const,
      administradores_compran: true,
    },
  ],
});

let queryClient: QueryClient;
let stop: () => void;

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  localStorage.clear();
  destroySession();
  resetFeedback();
  configureHttp({ now: () => 1_000_000, onSessionEnded: () => undefined });
  queryClient = new QueryClient();
  stop = resetFeatureStatesOnSessionEnd(queryClient);
  startSession({ token: 't1', expires_in: 3600, user: userOf(1, 'ana@example.com') }, 1_000_000);
  queryClient.setQueryData(['clients', 1], [{ id: 5, name_razon_social: 'CLIENTE DE ANA' }]);
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('global reset (spec section 4)', () => {
  it('logout drops every feature state, even when the server call fails', async () => {
    confirmDelete({ message: '¿Eliminar?', onAccept: () => undefined });
    answer(500, { success: false, dataError: 'caído' });
    await logout();
    expect(queryClient.getQueryData(['clients', 1])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(getFeedback().dialog).toBeNull();
  });

  it('a 401 drops every feature state and keeps the session message on screen', async () => {
    answer(401, { success: false, dataError: SESSION_EXPIRED_MESSAGE });
    await expect(request('clients')).rejects.toMatchObject({ status: 401 });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(getFeedback().toasts.map((t) => t.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('keeps the data while the session goes on, and drops it when another user signs in', () => {
    startSession({ token: 't2', expires_in: 3600, user: userOf(1, 'ana@example.com') }, 1_000_000);
    expect(queryClient.getQueryData(['clients', 1])).toHaveLength(1);
    startSession({ token: 't3', expires_in: 3600, user: userOf(2, 'beto@example.com') }, 1_000_000);
    expect(queryClient.getQueryData(['clients', 1])).toBeUndefined();
  });
});
