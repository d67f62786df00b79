import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const RATE_LIMITED =
  'Demasiados intentos fallidos de inicio de sesión. Espere 15 minutos e inténtelo de nuevo.';
const PROXY = `10.9.${randomInt(256)}.${randomInt(256)}`;
const clientIp = () => `172.20.${randomInt(256)}.${randomInt(256)}`;

/** The per-address limit of these apps: what is checked here is which address counts. */
const LOGIN_MAX_FAILURES_PER_IP = 20;

/** LOGIN_MAX_FAILURES_PER_IP wrong passwords at once (for as many accounts), each answered 400. */
async function failAll(t: TestApp, remoteAddress: string, forwardedFor: () => string) {
  const answers = await Promise.all(
    Array.from({ length: LOGIN_MAX_FAILURES_PER_IP }, () =>
      failLogin(t, remoteAddress, forwardedFor()),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 400));
}

function failLogin(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: `intruso-${randomUUID()}@example.com`, password: 'Clave-123' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY: per-IP login limits behind a proxy', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    const env = { LOGIN_MAX_FAILURES_PER_IP: String(LOGIN_MAX_FAILURES_PER_IP) };
    behindProxy = await buildTestApp({ env: { ...env, TRUST_PROXY: PROXY } });
    direct = await buildTestApp({ database: behindProxy.deps.database, env });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('counts the client behind a trusted proxy, not the proxy', async () => {
    const attacker = clientIp();
    await failAll(behindProxy, PROXY, () => attacker);
    const e = await seedEnterprise(behindProxy.deps);
    const login = (forwardedFor: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: e.email, password: e.password },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const blocked = await login(attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      dataError: RATE_LIMITED,
      showErrorToClient: true,
    });
    // Another client through the same proxy is not punished for the attacker.
    expect((await login(clientIp())).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const remote = clientIp();
    await failAll(direct, remote, clientIp);
    expect((await failLogin(direct, remote, clientIp())).statusCode).toBe(429);
  });
});
