import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise, type SeededEnterprise } from '../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { REDACTED, redactUrl } from './request-log.ts';

// What an operator reads in the log: every request, and no secret (tokens in URLs, the JWT, passwords).
const lines: string[] = [];
let t: TestApp;
let e: SeededEnterprise;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
  e = await seedEnterprise(t.deps);
});
afterAll(async () => {
  await t.close();
});

describe('the request log', () => {
  it('redacts token-like path segments and secret query values, keeps ids and words', () => {
    expect(redactUrl('/api/users/reset-password/exist/Zk3m9QpL2xVb7RtY8wNc4dHs')).toBe(
      `/api/users/reset-password/exist/${REDACTED}`,
    );
    expect(redactUrl('/api/clients/42?search=norte&page=2')).toBe(
      '/api/clients/42?search=norte&page=2',
    );
    expect(redactUrl('/api/x?token=abc&code=123456')).toBe(
      `/api/x?token=${REDACTED}&code=${REDACTED}`,
    );
  });

  it('logs each request once, without the token of its URL, the JWT or the password', async () => {
    const token = 'Zk3m9QpL2xVb7RtY8wNc4dHsA1b2C3d4';
    await t.app.inject({ url: `/api/users/reset-password/exist/${token}` });
    await t.app.inject({ url: `/api/users/login/new-client/${token}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: e.email, password: e.password },
    });
    await t.app.inject({ url: '/api/clients?search=norte', headers: e.headers });
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain(e.password);
    expect(log).not.toContain(e.token);
    expect(log).toContain(`/api/users/reset-password/exist/${REDACTED}`);
    expect(log).toContain('/api/clients?search=norte');
    const completed = lines.filter((l) => l.includes('"request completed"'));
    expect(completed).toHaveLength(4);
    expect(lines.filter((l) => l.includes('incoming request'))).toHaveLength(0);
  });
});
