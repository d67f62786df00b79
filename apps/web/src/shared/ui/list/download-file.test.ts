// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFeedback, resetFeedback } from '../../feedback/feedback-store.ts';
import { SESSION_EXPIRED_MESSAGE, configureHttp } from '../../http/api-client.ts';
import { destroySession, getSession, startSession } from '../../session/session-store.ts';
import { downloadFile, fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="Productos y Servicios.xlsx"; filename*=UTF-8''Productos%20y%20Servicios.xlsx`,
        'x.xlsx',
      ),
    ).toBe('Productos y Servicios.xlsx');
    expect(fileNameOf('attachment; filename="Clientes.xlsx"', 'x.xlsx')).toBe('Clientes.xlsx');
    expect(fileNameOf(null, 'Clientes.xlsx')).toBe('Clientes.xlsx');
  });
});

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

const answer = (status: number, dataError: string) =>
  new Response(JSON.stringify({ success: false, dataError }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('downloadFile', () => {
  let sessionEnded = 0;
  beforeEach(() => {
    localStorage.clear();
    destroySession();
    resetFeedback();
    sessionEnded = 0;
    configureHttp({ onSessionEnded: () => sessionEnded++ });
    startSession({ token: 't1', expires_in: 3600, user }, Date.now());
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([401, 403])('a %i ends the session like any other call', async (status) => {
    vi.stubGlobal('fetch', async () => answer(status, 'Token no válido'));
    await expect(downloadFile('clients/export', 'Clientes.xlsx')).rejects.toMatchObject({
      status,
    });
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(sessionEnded).toBe(1);
    expect(getFeedback().toasts.map((t) => t.message)).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it("any other failure shows the API's message and keeps the session", async () => {
    vi.stubGlobal('fetch', async () => answer(404, 'No encontramos la factura.'));
    await expect(downloadFile('x', 'x.pdf')).rejects.toMatchObject({ status: 404 });
    expect(getSession().token).toBe('t1');
    expect(sessionEnded).toBe(0);
    expect(getFeedback().toasts.map((t) => t.message)).toEqual(['No encontramos la factura.']);
  });
});
