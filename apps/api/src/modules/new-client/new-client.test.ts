import { randomInt, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { registerErrorHandler } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { completeInitialConfiguration, WELCOME_CREDITS } from './new-client.service.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

const PASSWORD = 'Contrasena-de-prueba-1';
const HOUR = 3600 * 1000;

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

/** A valid, unique persona física RFC. */
const newEmail = () => `registro-${randomUUID()}@example.com`;

function preRegister(payload: Record<string, unknown>) {
  // Each registration from its own address: registration is rate-limited per IP.
  return t.app.inject({
    method: 'POST',
    url: '/api/new-client-pre-register',
    payload,
    remoteAddress: `10.2.${randomInt(256)}.${randomInt(256)}`,
  });
}

/** Follows the welcome link: /bienvenido/{newClientToken}?email_verification_token=… */
function welcomeLink(link: string) {
  const url = new URL(link);
  const match = /^\/bienvenido\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1]) throw new Error(`not a welcome link: ${link}`);
  return {
    origin: url.origin,
    newClientToken: decodeURIComponent(match[1]),
    emailVerificationToken: url.searchParams.get('email_verification_token') ?? '',
  };
}

function validate(newClientToken: string, emailVerificationToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/new-client/validate-token',
    payload: { new_client_token: newClientToken, email_verification_token: emailVerificationToken },
  });
}

function login(email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: `10.1.${randomInt(256)}.${randomInt(256)}`,
  });
}

async function registered() {
  const email = newEmail();
  const rfc = rfcAleatorio('fisica');
  const res = await preRegister({
    email,
    password: PASSWORD,
    name: 'Ana López',
    phone: '55 1234 5678',
    rfc,
  });
  expect(res.statusCode).toBe(201);
  const newClientToken = res.json().data.new_client_token as string;
  const mail = await smtp.takeMail(email);
  return { email, rfc, newClientToken, mail };
}

describe('registration of a new client', () => {
  it('registers, verifies the e-mail from the link it receives, and logs in for the initial configuration', async () => {
    const { email, rfc, newClientToken, mail } = await registered();

    expect(mail.subject).toBe('Confirme su correo electrónico');
    expect(mail.text).toContain('Hola, Ana López:');
    expect(mail.html).toContain('Confirmar mi correo electrónico');
    expect(mail.links).toHaveLength(2);
    const link = welcomeLink(mail.links[0] ?? '');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.newClientToken).toBe(newClientToken);
    expect(mail.text).toContain(mail.links[0]);

    // Before verification the wizard session is refused.
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/users/login/new-client/${newClientToken}`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().dataError).toBe(
      'Primero verifique su correo electrónico con el enlace que le enviamos.',
    );

    const verified = await validate(link.newClientToken, link.emailVerificationToken);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, data: { email, already_verified: false } });
    // A reloaded welcome page is not an error.
    expect((await validate(link.newClientToken, link.emailVerificationToken)).json().data).toEqual({
      email,
      already_verified: true,
    });

    const wizard = await t.app.inject({
      method: 'GET',
      url: `/api/users/login/new-client/${newClientToken}`,
    });
    expect(wizard.statusCode).toBe(200);
    const session = wizard.json().data;
    expect(session).toEqual({
      user: {
        id: expect.any(Number),
        email,
        name: 'Ana López',
        phone: '5512345678',
        first_steps_completed: false,
        enterprises: [
          {
            id: expect.any(Number),
            rfc,
            razon_social: '',
            nombre_comercial: '',
            settings_v40: { has_ppd_invoices: false },
            rol: 'propietario',
            administradores_compran: true,
          },
        ],
      },
      token: expect.any(String),
      expires_in: 3600,
      enterprise: session.user.enterprises[0],
    });

    // The welcome credits are in the ledger and the wizard token reads them.
    const credits = await t.app.inject({
      method: 'GET',
      url: '/api/users/get-total-remaining-credits',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(credits.json()).toEqual({
      success: true,
      data: { user_total_remaining_credits: WELCOME_CREDITS },
    });
    const ledger = await t.deps.db
      .select({
        kind: creditLedger.kind,
        status: creditLedger.status,
        credits: creditLedger.credits,
      })
      .from(creditLedger)
      .where(eq(creditLedger.enterprise_id, session.enterprise.id));
    expect(ledger).toEqual([{ kind: 'welcome', status: 'free', credits: 10 }]);

    // While setup is incomplete, the password login answers a new-client token.
    const incomplete = await login(email);
    expect(incomplete.statusCode).toBe(200);
    const again = incomplete.json().data;
    expect(Object.keys(again)).toEqual(['new_client_token']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/login/new-client/${again.new_client_token}`,
        })
      ).statusCode,
    ).toBe(200);

    // Completing the wizard ends the new-client tokens; login answers a session.
    await completeInitialConfiguration(t.deps.db, session.enterprise.id);
    const [row] = await t.deps.db
      .select({ setup_completed: enterprises.setup_completed })
      .from(enterprises)
      .where(eq(enterprises.id, session.enterprise.id));
    expect(row?.setup_completed).toBe(true);
    const complete = await login(email);
    expect(complete.json().data).toEqual({
      user: session.user,
      token: expect.any(String),
      expires_in: 3600,
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/users/login/new-client/${newClientToken}`,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().dataError).toBe(
      'El enlace no es válido o la configuración inicial ya fue completada. Inicie sesión.',
    );
  });

  it('refuses invalid and taken data with messages per field, and creates nothing', async () => {
    const taken = await registered();
    const before = smtp.received.length;

    const badRfc = await preRegister({
      email: newEmail(),
      password: PASSWORD,
      name: 'X',
      rfc: 'XAXX01',
    });
    expect(badRfc.statusCode).toBe(422);
    expect(badRfc.json()).toEqual({
      success: false,
      dataError: { rfc: ['el RFC ingresado no es válido'] },
    });

    const generic = await preRegister({
      email: newEmail(),
      password: PASSWORD,
      name: 'X',
      rfc: 'XAXX010101000',
    });
    expect(generic.json().dataError).toEqual({ rfc: ['el RFC ingresado no es válido'] });

    const short = await preRegister({ email: newEmail(), password: 'solo-letras', name: 'X' });
    expect(short.statusCode).toBe(422);
    expect(short.json().dataError).toEqual({
      password: ['La contraseña debe tener al menos 12 caracteres'],
    });
    const common = await preRegister({ email: newEmail(), password: 'Password1234', name: 'X' });
    expect(common.statusCode).toBe(422);
    expect(common.json().dataError).toEqual({
      password: [
        'Esta contraseña es muy común o apareció en filtraciones de datos. Elija otra, por favor.',
      ],
    });

    const dupEmail = await preRegister({
      email: taken.email.toUpperCase(),
      password: PASSWORD,
      name: 'X',
    });
    expect(dupEmail.statusCode).toBe(422);
    expect(dupEmail.json().dataError).toEqual({
      email: ['Ya existe una cuenta registrada con este correo electrónico'],
    });

    const dupRfcEmail = newEmail();
    const dupRfc = await preRegister({
      email: dupRfcEmail,
      password: PASSWORD,
      name: 'X',
      rfc: taken.rfc.toLowerCase(),
    });
    expect(dupRfc.statusCode).toBe(422);
    expect(dupRfc.json().dataError).toEqual({
      rfc: ['Ya existe una empresa registrada con este RFC'],
    });

    expect(smtp.received.length).toBe(before);
    // The refused e-mail address is still free.
    const free = await t.app.inject({
      method: 'GET',
      url: `/api/users/unique-email/${dupRfcEmail}`,
    });
    expect(free.json()).toEqual({ success: true, data: { unique: true } });
  });

  it('lets only one of two simultaneous registrations with the same e-mail through', async () => {
    const email = newEmail();
    const results = await Promise.all(
      [rfcAleatorio('fisica'), rfcAleatorio('fisica')].map((rfc) =>
        preRegister({ email, password: PASSWORD, name: 'Ana', rfc }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)?.json().dataError).toEqual({
      email: ['Ya existe una cuenta registrada con este correo electrónico'],
    });
    await smtp.takeMail(email);
    expect(smtp.pending(email)).toBe(0);
  });

  it('refuses a wrong or expired verification link; a resend voids the earlier link', async () => {
    const { email, newClientToken, mail } = await registered();
    const first = welcomeLink(mail.links[0] ?? '');

    const wrong = await validate(newClientToken, 'no-es-el-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().dataError).toBe(
      'El enlace de verificación no es válido o ya expiró. Solicite uno nuevo.',
    );

    offsetMs = 49 * HOUR;
    expect((await validate(first.newClientToken, first.emailVerificationToken)).statusCode).toBe(
      400,
    );
    offsetMs = 0;

    const resend = await t.app.inject({
      method: 'GET',
      url: `/api/new-client/resend-pre-register-email/${newClientToken}`,
    });
    expect(resend.json()).toEqual({ success: true, data: { email } });
    const second = welcomeLink((await smtp.takeMail(email)).links[0] ?? '');
    expect(second.newClientToken).toBe(newClientToken);
    expect((await validate(first.newClientToken, first.emailVerificationToken)).statusCode).toBe(
      400,
    );
    expect((await validate(second.newClientToken, second.emailVerificationToken)).statusCode).toBe(
      200,
    );

    const late = await t.app.inject({
      method: 'GET',
      url: `/api/new-client/resend-pre-register-email/${newClientToken}`,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().dataError).toBe('Su correo electrónico ya fue verificado.');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/new-client/resend-pre-register-email/desconocido',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes a mistyped address before verification and sends the link there', async () => {
    const { email, newClientToken, mail } = await registered();
    const old = welcomeLink(mail.links[0] ?? '');
    const other = await registered();

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/new-client/change-email',
      payload: { new_client_token: newClientToken, email: other.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().dataError).toEqual({
      email: ['Ya existe una cuenta registrada con este correo electrónico'],
    });

    const corrected = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/new-client/change-email',
      payload: { new_client_token: newClientToken, email: corrected },
    });
    expect(res.json()).toEqual({ success: true, data: { email: corrected } });
    const link = welcomeLink((await smtp.takeMail(corrected)).links[0] ?? '');
    expect((await validate(old.newClientToken, old.emailVerificationToken)).statusCode).toBe(400);
    expect(
      (await validate(link.newClientToken, link.emailVerificationToken)).json().data.email,
    ).toBe(corrected);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/unique-email/${email}` })).json()
        .success,
    ).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/unique-email/${corrected}` })).json(),
    ).toEqual({
      success: false,
      dataError: 'Ya existe una cuenta registrada con este correo electrónico',
    });
    expect((await login(corrected)).json().data.new_client_token).toEqual(expect.any(String));
  });

  it('logging in before verifying e-mails a new welcome link', async () => {
    const { email } = await registered();
    const res = await login(email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      dataError:
        'Su correo electrónico aún no ha sido verificado. Le enviamos un nuevo enlace de verificación.',
      showErrorToClient: true,
    });
    const link = welcomeLink((await smtp.takeMail(email)).links[0] ?? '');
    expect((await validate(link.newClientToken, link.emailVerificationToken)).statusCode).toBe(200);
    expect((await login(email)).json().data.new_client_token).toEqual(expect.any(String));
  });
});

describe('routes that send e-mail', () => {
  it('are limited to 20 requests per IP in 15 minutes, with a Spanish message', async () => {
    const remoteAddress = `10.4.${randomInt(256)}.${randomInt(256)}`;
    const resend = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/new-client/resend-pre-register-email/desconocido',
        remoteAddress,
      });
    for (let i = 0; i < 20; i++) expect((await resend()).statusCode).toBe(404);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      dataError: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
      showErrorToClient: true,
    });
  });
});

describe('uniqueness checks', () => {
  it('answers success for a free e-mail or RFC, and the message for a taken one', async () => {
    const rfc = rfcAleatorio('fisica');
    const e = await seedEnterprise(t.deps, { rfc });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    expect((await get(`/api/users/unique-email/${newEmail()}`)).json()).toEqual({
      success: true,
      data: { unique: true },
    });
    const emailTaken = await get(`/api/users/unique-email/${e.email.toUpperCase()}`);
    expect(emailTaken.statusCode).toBe(200);
    expect(emailTaken.json()).toEqual({
      success: false,
      dataError: 'Ya existe una cuenta registrada con este correo electrónico',
    });
    expect((await get('/api/users/unique-email/no-es-correo')).statusCode).toBe(422);

    expect((await get(`/api/enterprises/unique-rfc/${rfcAleatorio('fisica')}`)).json()).toEqual({
      success: true,
      data: { unique: true },
    });
    expect((await get(`/api/enterprises/unique-rfc/${rfc.toLowerCase()}`)).json()).toEqual({
      success: false,
      dataError: 'Ya existe una empresa registrada con este RFC',
    });
    expect((await get('/api/enterprises/unique-rfc/')).json()).toEqual({
      success: true,
      data: { unique: true },
    });
    // The caller's own enterprise may keep its RFC; anyone else (or a bad token) sees it taken.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/enterprises/unique-rfc/${rfc}`,
      headers: e.headers,
    });
    expect(own.json()).toEqual({ success: true, data: { unique: true } });
    const other = await seedEnterprise(t.deps);
    for (const authorization of [other.headers.authorization, 'Bearer no-es-un-token']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/enterprises/unique-rfc/${rfc}`,
        headers: { authorization },
      });
      expect(res.json().success).toBe(false);
    }
    const bad = await get('/api/enterprises/unique-rfc/ABC123');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({ rfc: ['el RFC ingresado no es válido'] });
  });
});

describe('requireNewClientToken', () => {
  it('resolves the holder of a verified token, and refuses unknown, unverified and completed ones', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.decorateRequest('newClient', null);
    app.get(
      '/wizard/:newClientToken',
      { preHandler: requireNewClientToken(t.deps.db) },
      async (request) => newClientOf(request),
    );
    await app.ready();
    try {
      const { newClientToken, mail } = await registered();
      expect(
        (await app.inject({ method: 'GET', url: `/wizard/${newClientToken}` })).statusCode,
      ).toBe(409);
      const link = welcomeLink(mail.links[0] ?? '');
      await validate(link.newClientToken, link.emailVerificationToken);
      const ok = await app.inject({ method: 'GET', url: `/wizard/${newClientToken}` });
      expect(ok.statusCode).toBe(200);
      const holder = ok.json();
      expect(holder).toEqual({ userId: expect.any(Number), enterpriseId: expect.any(Number) });
      expect((await app.inject({ method: 'GET', url: '/wizard/desconocido' })).statusCode).toBe(
        404,
      );
      await completeInitialConfiguration(t.deps.db, holder.enterpriseId);
      expect(
        (await app.inject({ method: 'GET', url: `/wizard/${newClientToken}` })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});
