import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { enterpriseUsers } from '../../db/schema/enterprises.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';

const HOUR = 3600 * 1000;
const SESSION_EXPIRED = 'Inicie sesión nuevamente, por favor.';
const LOGIN_FAILED = 'El correo electrónico o la contraseña no son correctos.';
const TOO_SHORT = 'La contraseña debe tener al menos 12 caracteres';
const COMMON =
  'Esta contraseña es muy común o apareció en filtraciones de datos. Elija otra, por favor.';

let smtp: TestSmtp;
let t: TestApp;
let offsetMs = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer, now: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  offsetMs = 0;
});

/** Every test logs in from its own address, so the per-IP limit of one test cannot leak into another. */
const newIp = () => `10.3.${randomInt(256)}.${randomInt(256)}`;

function login(email: string, password: string, remoteAddress = newIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress,
  });
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login', () => {
  it('answers the user with its enterprises, a token and its lifetime', async () => {
    const e = await seedEnterprise(t.deps, { nombre_comercial: 'Tienda Ana' });
    const res = await login(e.email.toUpperCase(), e.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        user: {
          id: e.userId,
          email: e.email,
          name: 'Usuario de prueba',
          phone: '',
          first_steps_completed: false,
          enterprises: [
            {
              id: e.enterpriseId,
              rfc: '',
              razon_social: 'EMPRESA DE PRUEBA',
              nombre_comercial: 'Tienda Ana',
              settings_v40: { has_ppd_invoices: false },
              rol: 'propietario',
              administradores_compran: true,
            },
          ],
        },
        token: expect.any(String),
        expires_in: 3600,
      },
    });
    const credits = await get(
      '/api/users/get-total-remaining-credits',
      bearer(res.json().data.token),
    );
    expect(credits.statusCode).toBe(200);
  });

  it('answers new_client_token while the initial configuration is incomplete', async () => {
    const e = await seedEnterprise(t.deps, { setupCompleted: false });
    const res = await login(e.email, e.password);
    expect(res.json()).toEqual({ success: true, data: { new_client_token: expect.any(String) } });
    const wizard = await get(`/api/users/login/new-client/${res.json().data.new_client_token}`);
    expect(wizard.statusCode).toBe(200);
    expect(wizard.json().data.enterprise.id).toBe(e.enterpriseId);
  });

  it('refuses a wrong password and an unknown e-mail with the same Spanish message', async () => {
    const e = await seedEnterprise(t.deps);
    for (const res of [
      await login(e.email, 'Otra-clave-9'),
      await login(`nadie-${randomUUID()}@example.com`, e.password),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        dataError: LOGIN_FAILED,
        showErrorToClient: true,
      });
    }
  });

  it('still signs in an account whose password predates the 12-character rule', async () => {
    const e = await seedEnterprise(t.deps, { password: 'Vieja-1' });
    expect((await login(e.email, 'Vieja-1')).statusCode).toBe(200);
  });

  it('answers 422 with a message per field for a malformed body', async () => {
    const res = await post('/api/users/login', { email: 'no-es-correo', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      email: ['Ingrese un correo electrónico válido'],
      password: ['La contraseña es obligatoria'],
    });
  });
});

describe('logout and refresh', () => {
  it('logout revokes the token', async () => {
    const e = await seedEnterprise(t.deps);
    expect((await get('/api/users/logout', e.headers)).json()).toEqual({
      success: true,
      data: null,
    });
    const after = await get('/api/users/get-total-remaining-credits', e.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, dataError: SESSION_EXPIRED });
    expect((await get('/api/users/refresh-token', e.headers)).statusCode).toBe(401);
  });

  it('refreshes an expired token within the window once, and refuses it after the window', async () => {
    const e = await seedEnterprise(t.deps);
    offsetMs = 2 * HOUR; // the 1-hour token has expired
    expect((await get('/api/users/get-total-remaining-credits', e.headers)).statusCode).toBe(401);
    const refreshed = await get('/api/users/refresh-token', e.headers);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({
      success: true,
      data: { token: expect.any(String), expires_in: 3600 },
    });
    const fresh = bearer(refreshed.json().data.token);
    expect((await get('/api/users/get-total-remaining-credits', fresh)).statusCode).toBe(200);
    // The old token was traded: it cannot be refreshed a second time.
    expect((await get('/api/users/refresh-token', e.headers)).statusCode).toBe(401);

    const window = t.deps.config.REFRESH_WINDOW * 1000;
    offsetMs = 2 * HOUR + HOUR + window + 60_000; // the fresh token expired longer ago than the window
    const late = await get('/api/users/refresh-token', fresh);
    expect(late.statusCode).toBe(401);
    expect(late.json().dataError).toBe(SESSION_EXPIRED);
  });

  it('refreshes a still-valid token and revokes it', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await get('/api/users/refresh-token', e.headers);
    expect(res.statusCode).toBe(200);
    expect((await get('/api/users/get-total-remaining-credits', e.headers)).statusCode).toBe(401);
    expect(
      (await get('/api/users/get-total-remaining-credits', bearer(res.json().data.token)))
        .statusCode,
    ).toBe(200);
  });
});

function resetLink(link: string): string {
  const url = new URL(link);
  const match = /^\/reset-password\/([^/]+)$/.exec(url.pathname);
  if (url.origin !== 'http://localhost:3000' || !match?.[1])
    throw new Error(`not a reset link: ${link}`);
  return decodeURIComponent(match[1]);
}

describe('reset password', () => {
  const REQUESTED = {
    success: true,
    data: {
      message:
        'Si el correo electrónico está registrado, recibirá un enlace para restablecer su contraseña.',
    },
  };

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = `nadie-${randomUUID()}@example.com`;
    const res = await post('/api/users/reset-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUESTED);
    expect(smtp.pending(email)).toBe(0);
  });

  it('e-mails a single-use link that sets the password and signs the user in', async () => {
    const e = await seedEnterprise(t.deps);
    expect((await post('/api/users/reset-password', { email: e.email })).json()).toEqual(REQUESTED);
    const mail = await smtp.takeMail(e.email);
    expect(mail.subject).toBe('Restablezca su contraseña');
    const token = resetLink(mail.links[0] ?? '');
    expect(mail.text).toContain(mail.links[0]);

    expect((await get(`/api/users/reset-password/exist/${token}`)).json()).toEqual({
      success: true,
      data: { exists: true },
    });
    const mismatch = await post('/api/users/reset-password/set', {
      token,
      password: 'Nueva-clave-1',
      password_confirmation: 'Nueva-clave-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().dataError).toEqual({
      password_confirmation: ['La confirmación no coincide con la contraseña'],
    });
    // A refused password leaves the link usable.
    const common = await post('/api/users/reset-password/set', {
      token,
      password: 'PasswordPassword',
      password_confirmation: 'PasswordPassword',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().dataError).toEqual({ password: [COMMON] });

    const set = await post('/api/users/reset-password/set', {
      token,
      password: 'Nueva-clave-1',
      password_confirmation: 'Nueva-clave-1',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({
      user: expect.objectContaining({ id: e.userId, email: e.email }),
      token: expect.any(String),
      expires_in: 3600,
    });
    expect((await login(e.email, e.password)).statusCode).toBe(400);
    expect((await login(e.email, 'Nueva-clave-1')).statusCode).toBe(200);

    const invalid =
      'El enlace para restablecer la contraseña no es válido o ya expiró. Solicite uno nuevo.';
    const exists = await get(`/api/users/reset-password/exist/${token}`);
    expect(exists.statusCode).toBe(404);
    expect(exists.json().dataError).toBe(invalid);
    const reuse = await post('/api/users/reset-password/set', {
      token,
      password: 'Otra-clave-3',
      password_confirmation: 'Otra-clave-3',
    });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json().dataError).toBe(invalid);
  });

  it('ends every session opened before the reset', async () => {
    const e = await seedEnterprise(t.deps);
    const credits = '/api/users/get-total-remaining-credits';
    expect((await get(credits, e.headers)).statusCode).toBe(200);
    await post('/api/users/reset-password', { email: e.email });
    const token = resetLink((await smtp.takeMail(e.email)).links[0] ?? '');
    const set = await post('/api/users/reset-password/set', {
      token,
      password: 'Nueva-clave-1',
      password_confirmation: 'Nueva-clave-1',
    });
    expect(set.statusCode).toBe(200);
    expect((await get(credits, e.headers)).statusCode).toBe(401);
    expect((await get(credits, bearer(set.json().data.token))).statusCode).toBe(200);
  });

  it('refuses a link older than 1 hour', async () => {
    const e = await seedEnterprise(t.deps);
    await post('/api/users/reset-password', { email: e.email });
    const token = resetLink((await smtp.takeMail(e.email)).links[0] ?? '');
    offsetMs = HOUR + 1000;
    expect((await get(`/api/users/reset-password/exist/${token}`)).statusCode).toBe(404);
    const set = await post('/api/users/reset-password/set', {
      token,
      password: 'Nueva-clave-1',
      password_confirmation: 'Nueva-clave-1',
    });
    expect(set.statusCode).toBe(404);
    offsetMs = 0;
    expect((await login(e.email, e.password)).statusCode).toBe(200);
  });
});

describe('personal settings', () => {
  let e: SeededEnterprise;
  beforeEach(async () => {
    e = await seedEnterprise(t.deps);
  });

  it('changes the password after checking the current one', async () => {
    const wrong = await post(
      '/api/users/change-password',
      {
        current_password: 'no-es-esta-1',
        password: 'Nueva-clave-1',
        password_confirmation: 'Nueva-clave-1',
      },
      e.headers,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().dataError).toEqual({
      current_password: ['La contraseña actual no es correcta'],
    });
    const short = await post(
      '/api/users/change-password',
      {
        current_password: e.password,
        password: 'Corta-clave',
        password_confirmation: 'Corta-clave',
      },
      e.headers,
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().dataError).toEqual({ password: [TOO_SHORT] });
    // On the list of common passwords whatever its case; twelve digits or letters are enough otherwise.
    const common = await post(
      '/api/users/change-password',
      {
        current_password: e.password,
        password: 'QWERTY123456',
        password_confirmation: 'QWERTY123456',
      },
      e.headers,
    );
    expect(common.statusCode).toBe(422);
    expect(common.json().dataError).toEqual({ password: [COMMON] });
    expect((await login(e.email, 'QWERTY123456')).statusCode).toBe(400);
    const ok = await post(
      '/api/users/change-password',
      {
        current_password: e.password,
        password: 'Nueva-clave-1',
        password_confirmation: 'Nueva-clave-1',
      },
      e.headers,
    );
    expect(ok.json()).toEqual({ success: true, data: null });
    expect((await login(e.email, e.password)).statusCode).toBe(400);
    expect((await login(e.email, 'Nueva-clave-1')).statusCode).toBe(200);
  });

  it('ends the other sessions when the password changes; the current one keeps working', async () => {
    const other = (await login(e.email, e.password)).json().data.token as string;
    const credits = '/api/users/get-total-remaining-credits';
    expect((await get(credits, bearer(other))).statusCode).toBe(200);
    const ok = await post(
      '/api/users/change-password',
      {
        current_password: e.password,
        password: 'Nueva-clave-1',
        password_confirmation: 'Nueva-clave-1',
      },
      e.headers,
    );
    expect(ok.statusCode).toBe(200);

    const ended = await get(credits, bearer(other));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().dataError).toBe(SESSION_EXPIRED);
    expect((await get('/api/users/refresh-token', bearer(other))).statusCode).toBe(401);

    expect((await get(credits, e.headers)).statusCode).toBe(200);
    const refreshed = await get('/api/users/refresh-token', e.headers);
    expect(refreshed.statusCode).toBe(200);
    expect((await get(credits, bearer(refreshed.json().data.token))).statusCode).toBe(200);
    const fresh = (await login(e.email, 'Nueva-clave-1')).json().data.token as string;
    expect((await get(credits, bearer(fresh))).statusCode).toBe(200);
  });

  it('changes the e-mail once the code sent to the new address comes back', async () => {
    const other = await seedEnterprise(t.deps);
    const taken = await post('/api/users/change-personal-email', { email: other.email }, e.headers);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().dataError).toEqual({
      email: ['Ya existe una cuenta registrada con este correo electrónico'],
    });
    const same = await post('/api/users/change-personal-email', { email: e.email }, e.headers);
    expect(same.json().dataError).toEqual({
      email: ['El nuevo correo electrónico es igual al actual'],
    });

    const newEmail = `nuevo-${randomUUID()}@example.com`;
    const started = await post('/api/users/change-personal-email', { email: newEmail }, e.headers);
    expect(started.json()).toEqual({ success: true, data: { email: newEmail } });
    const first = await smtp.takeMail(newEmail);
    expect(first.subject).toBe('Código para confirmar su nuevo correo electrónico');
    const firstCode = /Código: ([A-Z0-9]{8})/.exec(first.text)?.[1] ?? '';
    expect(first.html).toContain(firstCode);

    const resent = await post(
      '/api/users/resend-token-personal-email',
      { email: newEmail },
      e.headers,
    );
    expect(resent.statusCode).toBe(200);
    const code = /Código: ([A-Z0-9]{8})/.exec((await smtp.takeMail(newEmail)).text)?.[1] ?? '';
    expect(code).not.toBe(firstCode);
    const noPending = await post(
      '/api/users/resend-token-personal-email',
      { email: `otro-${randomUUID()}@example.com` },
      e.headers,
    );
    expect(noPending.json().dataError).toEqual({
      email: ['No hay un cambio de correo pendiente para esta dirección'],
    });

    const validateWith = (token: string) =>
      post(
        '/api/users/validate-token-personal-email',
        { email_verification_token: token, email: newEmail },
        e.headers,
      );
    const stale = await validateWith(firstCode);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().dataError).toEqual({
      email_verification_token: [
        'El código de verificación no es válido o ya expiró. Solicite uno nuevo.',
      ],
    });
    // Still the old address until the code comes back.
    expect((await login(e.email, e.password)).statusCode).toBe(200);

    const applied = await validateWith(code.toLowerCase());
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toEqual(expect.objectContaining({ id: e.userId, email: newEmail }));
    expect((await login(newEmail, e.password)).statusCode).toBe(200);
    expect((await login(e.email, e.password)).statusCode).toBe(400);
    expect((await validateWith(code)).statusCode).toBe(422);
  });

  it('refuses a code older than 30 minutes', async () => {
    const newEmail = `nuevo-${randomUUID()}@example.com`;
    await post('/api/users/change-personal-email', { email: newEmail }, e.headers);
    const code = /Código: ([A-Z0-9]{8})/.exec((await smtp.takeMail(newEmail)).text)?.[1] ?? '';
    offsetMs = 31 * 60 * 1000;
    const { token } = await t.deps.tokens.sign({ userId: e.userId, enterpriseId: e.enterpriseId });
    const res = await post(
      '/api/users/validate-token-personal-email',
      { email_verification_token: code, email: newEmail },
      bearer(token),
    );
    expect(res.statusCode).toBe(422);
  });

  it('changes name and phone', async () => {
    const res = await post(
      '/api/users/change-personal-information',
      { name: '  María Pérez ', phone: '(33) 1234-5678' },
      e.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.objectContaining({ name: 'María Pérez', phone: '3312345678' }),
    );
    const bad = await post(
      '/api/users/change-personal-information',
      { name: '', phone: '123' },
      e.headers,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({
      name: ['El nombre es obligatorio'],
      phone: ['El teléfono debe tener 10 dígitos'],
    });
    expect((await login(e.email, e.password)).json().data.user).toEqual(
      expect.objectContaining({ name: 'María Pérez', phone: '3312345678' }),
    );
  });

  it('refuses every personal route without a session', async () => {
    for (const url of [
      '/api/users/change-password',
      '/api/users/change-personal-email',
      '/api/users/resend-token-personal-email',
      '/api/users/validate-token-personal-email',
      '/api/users/change-personal-information',
    ]) {
      const res = await post(url, {});
      expect(res.statusCode, url).toBe(401);
      expect(res.json().dataError).toBe(SESSION_EXPIRED);
    }
    expect((await get('/api/users/get-total-remaining-credits')).statusCode).toBe(401);
  });
});

describe('total remaining credits', () => {
  it("is the balance of the active enterprise, not of the user's other ones (decision 013)", async () => {
    const e = await seedEnterprise(t.deps, { credits: 7 });
    const second = await seedEnterprise(t.deps, { credits: 3 });
    const stranger = await seedEnterprise(t.deps, { credits: 100 });
    await t.deps.db
      .insert(enterpriseUsers)
      .values({ enterprise_id: second.enterpriseId, user_id: e.userId, role: 'propietario' });
    await t.deps.db.insert(creditLedger).values({
      enterprise_id: e.enterpriseId,
      kind: 'spend',
      credits: -2,
      status: 'paid',
      reference: 'factura A-1',
    });
    const res = await get('/api/users/get-total-remaining-credits', e.headers);
    expect(res.json()).toEqual({ success: true, data: { user_total_remaining_credits: 5 } });
    const { token } = await t.deps.tokens.sign({
      userId: e.userId,
      enterpriseId: second.enterpriseId,
    });
    const onSecond = await get('/api/users/get-total-remaining-credits', {
      authorization: `Bearer ${token}`,
    });
    expect(onSecond.json().data).toEqual({ user_total_remaining_credits: 3 });
    expect(
      (await get('/api/users/get-total-remaining-credits', stranger.headers)).json().data,
    ).toEqual({
      user_total_remaining_credits: 100,
    });
  });
});
