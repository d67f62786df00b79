import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const TOO_MANY = {
  success: false,
  dataError: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
  showErrorToClient: true,
};

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await buildTestApp();
  // A second API process on the same database.
  second = await buildTestApp({ database: first.deps.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const newIp = () => `10.8.${randomInt(256)}.${randomInt(256)}`;

// An unknown address: answered like a known one, and no e-mail leaves.
function resetRequest(app: TestApp, remoteAddress: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/users/reset-password',
    payload: { email: `nadie-${randomUUID()}@example.com` },
    remoteAddress,
  });
}

describe('rate limits of the e-mail routes, counted in the database', () => {
  it('hold across two API processes: 20 password-reset requests per address in 15 minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await resetRequest(i % 2 ? first : second, ip)).statusCode).toBe(200);
    }
    for (const app of [first, second]) {
      const limited = await resetRequest(app, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Another address, and another route from the same address, keep their own counts.
    expect((await resetRequest(second, newIp())).statusCode).toBe(200);
    const resend = await first.app.inject({
      method: 'GET',
      url: '/api/new-client/resend-pre-register-email/desconocido',
      remoteAddress: ip,
    });
    expect(resend.statusCode).toBe(404);
  });
});
