import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { LOGIN_MAX_FAILURES_PER_IP, loginDelayMs } from './login-throttle.ts';

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

async function login(
  app: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  cookie?: string,
) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  return { status: res.statusCode, message: res.json().dataError as string | undefined, res };
}
/** What a user and a client see of a refused sign-in: status, message, seconds to wait. */
async function refused(
  app: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  cookie?: string,
) {
  const { status, message, res } = await login(app, email, password, remoteAddress, cookie);
  return { status, message, retryAfter: Number(res.headers['retry-after']) };
}
/** Signs in with the right password and answers the known-device cookie the browser keeps. */
async function knownDevice(app: TestApp, email: string, password: string, remoteAddress: string) {
  const { status, res } = await login(app, email, password, remoteAddress);
  expect(status).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return setCookie.slice(0, setCookie.indexOf(';'));
}

describe('sign-in throttling per account', () => {
  it('waits 1 minute from the 5th failure in a row, doubling up to 1 hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 30].map((n) => loginDelayMs(n) / MINUTE)).toEqual([
      0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it("slows down every unknown client after 5 wrong passwords, from any address, never the owner's known device", async () => {
    const e = await seedEnterprise(t.deps);
    const office = newIp();
    // The owner signed in from the office computer before: it is a known device of the account.
    const device = await knownDevice(t, e.email, e.password, office);
    const strangers = [newIp(), newIp(), newIp(), newIp(), newIp()];
    for (const [i, stranger] of strangers.entries()) {
      expect((await login(t, e.email, `Mala-clave-${i}`, stranger)).status).toBe(400);
    }
    // Every unknown client waits, even with the right password, from any address: the office's too.
    for (const address of [strangers[0]!, newIp(), office]) {
      expect(await refused(t, e.email, e.password, address)).toEqual({
        status: 429,
        message: waitMessage(1, 'minuto'),
        retryAfter: 60,
      });
    }
    // The owner, on the known device, signs in at once, from the office or from anywhere else.
    expect((await login(t, e.email, e.password, office, device)).status).toBe(200);
    expect((await login(t, e.email, e.password, newIp(), device)).status).toBe(200);

    // After the minute, one more wrong password doubles the wait.
    wait(MINUTE + SECOND);
    expect((await login(t, e.email, 'Mala-clave-6', newIp())).status).toBe(400);
    expect(await refused(t, e.email, e.password, newIp())).toEqual({
      status: 429,
      message: waitMessage(2, 'minutos'),
      retryAfter: 120,
    });
    wait(MINUTE);
    expect((await login(t, e.email, 'Mala-clave-7', newIp())).message).toBe(
      waitMessage(1, 'minuto'),
    );

    // A right password after the wait ends the run: the next wrong ones cost nothing again.
    wait(MINUTE + SECOND);
    const anywhere = newIp();
    expect((await login(t, e.email, e.password, anywhere)).status).toBe(200);
    for (let i = 1; i <= 4; i++) {
      expect((await login(t, e.email, `Mala-clave-${i}`, anywhere)).status).toBe(400);
    }
    expect((await login(t, e.email, e.password, anywhere)).status).toBe(200);
  });

  it('a known device is slowed by its own wrong passwords only', async () => {
    const e = await seedEnterprise(t.deps);
    const device = await knownDevice(t, e.email, e.password, newIp());
    const address = newIp();
    for (let i = 1; i <= 5; i++) {
      expect((await login(t, e.email, `Mala-clave-${i}`, address, device)).status).toBe(400);
    }
    expect(await refused(t, e.email, e.password, address, device)).toEqual({
      status: 429,
      message: waitMessage(1, 'minuto'),
      retryAfter: 60,
    });
    // Another client of the account is not slowed by that device's failures.
    expect((await login(t, e.email, e.password, newIp())).status).toBe(200);
  });

  it('a cookie of another account, or forged, is no known device', async () => {
    const e = await seedEnterprise(t.deps);
    const other = await seedEnterprise(t.deps);
    const othersDevice = await knownDevice(t, other.email, other.password, newIp());
    const device = await knownDevice(t, e.email, e.password, newIp());
    for (let i = 1; i <= 5; i++) {
      expect((await login(t, e.email, `Mala-clave-${i}`, newIp())).status).toBe(400);
    }
    const [name, value] = device.split('=') as [string, string];
    const [id] = value.split('.');
    const forged = [
      `${name}=${id}.${'A'.repeat(43)}`,
      `${name}=${'B'.repeat(24)}.${value.split('.')[1]}`,
      othersDevice,
      `${othersDevice.split('=')[0]}=${value}`,
    ];
    for (const cookie of forged) {
      expect((await login(t, e.email, e.password, newIp(), cookie)).status).toBe(429);
    }
    expect((await login(t, e.email, e.password, newIp(), `otra=1; ${device}`)).status).toBe(200);
  });

  it('holds across two API processes on the same database', async () => {
    const e = await seedEnterprise(t.deps);
    const device = await knownDevice(other, e.email, e.password, newIp());
    for (let i = 1; i <= 5; i++) {
      const app = i % 2 ? t : other;
      expect((await login(app, e.email, `Mala-clave-${i}`, newIp())).status).toBe(400);
    }
    expect((await login(other, e.email, e.password, newIp())).status).toBe(429);
    expect((await login(t, e.email, e.password, newIp())).status).toBe(429);
    expect((await login(t, e.email, e.password, newIp(), device)).status).toBe(200);
  });

  it('simultaneous wrong passwords, through two processes: only 5 are checked, the rest wait', async () => {
    const e = await seedEnterprise(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 ? t : other, e.email, `Mala-clave-${i}`, i % 3 ? newIp() : '10.9.9.9'),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const waiting = answers.filter((a) => a.status === 429);
    expect(waiting).toHaveLength(7);
    for (const w of waiting) expect(w.message).toBe(waitMessage(1, 'minuto'));
  });
});

/** `n` wrong passwords sent at once (their claims still counted one at a time), each answered 400. */
async function failAtOnce(n: number, send: (i: number) => Promise<{ status: number }>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
}

describe('sign-in throttling per address', () => {
  it("an office behind one address: colleagues' mistakes lock nobody out; past 100 failures only unknown clients wait", async () => {
    const office = newIp();
    const colleagues = await Promise.all(Array.from({ length: 3 }, () => seedEnterprise(t.deps)));
    const devices = [];
    for (const c of colleagues) devices.push(await knownDevice(t, c.email, c.password, office));
    // A morning of typos: 40 wrong passwords from the office, 2 for each of 20 people, plus 20 for
    // addresses nobody has. A right password then signs in, with or without a known device.
    await failAtOnce(60, (i) =>
      login(
        t,
        i < 40
          ? `colega-${i % 20}-${START.getTime()}@example.com`
          : `x-${randomUUID()}@example.com`,
        'Clave-equivocada',
        office,
      ),
    );
    expect((await login(t, colleagues[0]!.email, colleagues[0]!.password, office)).status).toBe(
      200,
    );
    // Someone in the office guesses at many accounts: the address stops at 100 failures in 15 minutes.
    await failAtOnce(LOGIN_MAX_FAILURES_PER_IP - 60, (i) =>
      login(i % 2 ? t : other, `intruso-${i}-${randomUUID()}@example.com`, 'Clave-x', office),
    );
    expect(await refused(t, colleagues[1]!.email, colleagues[1]!.password, office)).toEqual({
      status: 429,
      message: waitMessage(15, 'minutos'),
      retryAfter: 15 * 60,
    });
    // Each colleague on a computer the account signed in from still signs in, from the office.
    for (const [i, c] of colleagues.entries()) {
      expect((await login(other, c.email, c.password, office, devices[i])).status).toBe(200);
    }
    expect((await login(t, colleagues[1]!.email, colleagues[1]!.password, newIp())).status).toBe(
      200,
    );
    wait(15 * MINUTE + SECOND);
    expect((await login(other, colleagues[1]!.email, colleagues[1]!.password, office)).status).toBe(
      200,
    );
  }, 120_000);
});

describe('the known-device cookie', () => {
  it('is set at a successful sign-in only: HttpOnly, SameSite=Strict, for the sign-in route, Secure on https', async () => {
    const e = await seedEnterprise(t.deps);
    const wrong = await login(t, e.email, 'Mala-clave', newIp());
    expect(wrong.res.headers['set-cookie']).toBeUndefined();
    const ok = await login(t, e.email, e.password, newIp());
    expect(String(ok.res.headers['set-cookie'])).toMatch(
      /^dispositivo_[\w-]{16}=[\w-]{24}\.[\w-]{43}; Path=\/api\/users\/login; Max-Age=15552000; HttpOnly; SameSite=Strict$/,
    );
    const https = await buildTestApp({
      database: t.deps.database,
      env: { PUBLIC_URL: 'https://facturas.example.mx' },
    });
    try {
      const secure = await login(https, e.email, e.password, newIp());
      expect(String(secure.res.headers['set-cookie'])).toMatch(/; SameSite=Strict; Secure$/);
    } finally {
      await https.close();
    }
  });
});
