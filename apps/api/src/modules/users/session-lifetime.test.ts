import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// Every date this file depends on comes from this clock: sign-in, token issue and expiry, refresh.
const SIGN_IN = new Date('2026-03-02T08:00:00.000Z');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const SESSION_EXPIRED = 'Inicie sesión nuevamente, por favor.';
const CREDITS = '/api/users/get-total-remaining-credits';

let clock = SIGN_IN;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const at = (ms: number) => {
  clock = new Date(SIGN_IN.getTime() + ms);
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function signIn(): Promise<string> {
  const e = await seedEnterprise(t.deps);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: e.email, password: e.password },
    remoteAddress: '10.9.0.1',
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

async function refresh(token: string) {
  const res = await get('/api/users/refresh-token', token);
  return { status: res.statusCode, body: res.json() };
}

describe('absolute session lifetime (12 hours from sign-in)', () => {
  it('refreshes within the 12 hours, shortens the last token to the end, then asks to sign in', async () => {
    expect(t.deps.config.SESSION_MAX_AGE).toBe(12 * 3600);
    at(0);
    let token = await signIn();

    // Refreshed every 55 minutes, as the SPA does: each new token lives the usual hour...
    for (let n = 1; n <= 11; n++) {
      at(n * 55 * MINUTE);
      const r = await refresh(token);
      expect(r.status).toBe(200);
      expect(r.body.data.expires_in).toBe(3600);
      token = r.body.data.token;
    }
    // ...until the hour would pass the 12 hours: 11:30 leaves 30 minutes.
    at(11 * HOUR + 30 * MINUTE);
    const last = await refresh(token);
    expect(last.status).toBe(200);
    expect(last.body.data.expires_in).toBe(30 * 60);
    token = last.body.data.token;
    at(12 * HOUR - 1000);
    expect((await get(CREDITS, token)).statusCode).toBe(200);

    // At 12 hours the token has expired, and the refresh window no longer helps.
    at(12 * HOUR + 1000);
    expect((await get(CREDITS, token)).statusCode).toBe(401);
    const refused = await refresh(token);
    expect(refused).toEqual({
      status: 401,
      body: { success: false, dataError: SESSION_EXPIRED },
    });

    // Signing in again opens a new 12-hour session.
    const fresh = await signIn();
    at(12 * HOUR + 50 * MINUTE);
    const again = await refresh(fresh);
    expect(again.status).toBe(200);
    expect(again.body.data.expires_in).toBe(3600);
  });

  it('refuses a just-expired token of a session that is past 12 hours', async () => {
    at(0);
    const token = await signIn();
    // Left alone: the 1-hour token expired long ago but is still within the 7-day refresh window.
    at(12 * HOUR + 5 * MINUTE);
    expect((await refresh(token)).status).toBe(401);
  });
});
