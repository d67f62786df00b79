import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginDelayMs } from './login-throttle.ts';

// Every date the throttle looks at comes from this clock, fixed at the start of the file and moved
// by the tests (never backwards, so rows another file writes at the real time are never pruned).
const START = new Date();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let elapsed = 0;
const wait = (ms: number) => {
  elapsed += ms;
};

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  const now = () => new Date(START.getTime() + elapsed);
  t = await buildTestApp({ now });
  // A second API process on the same database.
  other = await buildTestApp({ now, database: t.deps.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const newIp = () => `10.7.${randomInt(256)}.${randomInt(256)}`;
const waitMessage = (n: number, unit: string) =>
  `Demasiados intentos fallidos de inicio de sesión. Espere ${n} ${unit} e inténtelo de nuevo.`;

async function login(app: TestApp, email: string, password: string, remoteAddress: string) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress,
  });
  return { status: res.statusCode, message: res.json().dataError as string | undefined, res };
}
/** What a user and a client see of a refused sign-in: status, message, seconds to wait. */
async function refused(app: TestApp, email: string, password: string, remoteAddress: string) {
  const { status, message, res } = await login(app, email, password, remoteAddress);
  return { status, message, retryAfter: Number(res.headers['retry-after']) };
}

describe('sign-in throttling per account and address', () => {
  it('waits 1 minute from the 5th failure in a row, doubling up to 1 hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 30].map((n) => loginDelayMs(n) / MINUTE)).toEqual([
      0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it('slows down the address that tried 5 wrong passwords, never the owner elsewhere', async () => {
    const e = await seedEnterprise(t.deps);
    const stranger = newIp();
    const owner = newIp();
    for (let i = 1; i <= 5; i++) {
      expect((await login(t, e.email, `Mala-clave-${i}`, stranger)).status).toBe(400);
    }
    // The stranger waits, even with the right password.
    expect(await refused(t, e.email, e.password, stranger)).toEqual({
      status: 429,
      message: waitMessage(1, 'minuto'),
      retryAfter: 60,
    });
    // The owner, from another address, signs in at once.
    expect((await login(t, e.email, e.password, owner)).status).toBe(200);

    // After the minute, one more wrong password doubles the wait.
    wait(MINUTE + SECOND);
    expect((await login(t, e.email, 'Mala-clave-6', stranger)).status).toBe(400);
    expect(await refused(t, e.email, e.password, stranger)).toEqual({
      status: 429,
      message: waitMessage(2, 'minutos'),
      retryAfter: 120,
    });
    wait(MINUTE);
    expect((await login(t, e.email, 'Mala-clave-7', stranger)).message).toBe(
      waitMessage(1, 'minuto'),
    );

    // A right password after the wait ends the run: the next wrong ones cost nothing again.
    wait(MINUTE + SECOND);
    expect((await login(t, e.email, e.password, stranger)).status).toBe(200);
    for (let i = 1; i <= 4; i++) {
      expect((await login(t, e.email, `Mala-clave-${i}`, stranger)).status).toBe(400);
    }
    expect((await login(t, e.email, e.password, stranger)).status).toBe(200);
  });

  it('holds across two API processes on the same database', async () => {
    const e = await seedEnterprise(t.deps);
    const stranger = newIp();
    for (let i = 1; i <= 5; i++) {
      const app = i % 2 ? t : other;
      expect((await login(app, e.email, `Mala-clave-${i}`, stranger)).status).toBe(400);
    }
    expect((await login(other, e.email, e.password, stranger)).status).toBe(429);
    expect((await login(t, e.email, e.password, stranger)).status).toBe(429);
    expect((await login(other, e.email, e.password, newIp())).status).toBe(200);
  });

  it('simultaneous wrong passwords from one address, through two processes: only 5 are checked, the rest wait', async () => {
    const e = await seedEnterprise(t.deps);
    const stranger = newIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 ? t : other, e.email, `Mala-clave-${i}`, stranger),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const waiting = answers.filter((a) => a.status === 429);
    expect(waiting).toHaveLength(7);
    for (const w of waiting) expect(w.message).toBe(waitMessage(1, 'minuto'));
    // A right password is not a failure of the address: 20 sign-ins in a row never stop it.
    const owner = newIp();
    for (let i = 0; i < 21; i++)
      expect((await login(t, e.email, e.password, owner)).status).toBe(200);
  });

  it('stops an address after 20 failures in 15 minutes, whatever the accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const email = `intruso-${i}-${randomUUID()}@example.com`;
      expect((await login(i % 2 ? t : other, email, 'Clave-de-intruso', ip)).status).toBe(400);
    }
    const e = await seedEnterprise(t.deps);
    expect(await refused(t, e.email, e.password, ip)).toEqual({
      status: 429,
      message: waitMessage(15, 'minutos'),
      retryAfter: 15 * 60,
    });
    expect((await login(t, e.email, e.password, newIp())).status).toBe(200);
    wait(15 * MINUTE + SECOND);
    expect((await login(other, e.email, e.password, ip)).status).toBe(200);
  });
});
