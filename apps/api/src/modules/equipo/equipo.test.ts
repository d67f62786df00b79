import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITACION_NO_EXISTE_MESSAGE,
  INVITACION_VENCIDA_MESSAGE,
  PROPIETARIO_INTOCABLE_MESSAGE,
  YA_ES_MIEMBRO_MESSAGE,
} from '@repo/contracts/equipo';
import { LOGIN_FAILED_MESSAGE } from '@repo/contracts/users';
import {
  seedEnterprise,
  seedMember,
  type SeededEnterprise,
} from '../../db/seed/seed-enterprise.ts';
import { SESSION_EXPIRED_MESSAGE } from '../../http/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';
import { rfcAleatorio } from '../../test/rfc.ts';

// Issue 27: the owner invites by e-mail with a role; the link expires and is used once; accepting
// creates the account or adds the enterprise to an existing one and opens a session on it; a member
// removed is refused on their next request.
let smtp: TestSmtp;
let t: TestApp;
let offsetMs = 0;
let owner: SeededEnterprise;
const RFC_EMPRESA = rfcAleatorio();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer, now: () => new Date(Date.now() + offsetMs) });
  // A random RFC: an enterprise's RFC is unique, and the API suite runs twice on one database in CI.
  owner = await seedEnterprise(t.deps, {
    rfc: RFC_EMPRESA,
    razon_social: 'ESCUELA KEMPER URGATE',
    name: 'Ana Dueña',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) {
  return payload
    ? t.app.inject({ method, url, headers, payload })
    : t.app.inject({ method, url, headers });
}

async function invite(who: SeededEnterprise, email: string, rol: string) {
  const res = await inject('POST', `/api/equipo/${who.enterpriseId}/invitaciones`, who.headers, {
    email,
    rol,
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.takeMail(email.toLowerCase());
  const link = mail.links.find((l) => l.includes('/invitacion/'));
  expect(link, mail.text).toBeTruthy();
  return { mail, token: decodeURIComponent(link!.split('/invitacion/')[1]!) };
}

describe('invitations', () => {
  it('a new person accepts: the account is created with the invited e-mail and a session opens on the enterprise', async () => {
    const email = `Facturista-${Date.now()}@Example.com`;
    const { mail, token } = await invite(owner, email, 'facturista');
    expect(mail.subject).toBe('Ana Dueña le invita a facturar con ESCUELA KEMPER URGATE');
    expect(mail.text).toContain('con el rol Facturista');

    const info = await inject('GET', `/api/invitaciones/${token}`);
    expect(info.json().data).toEqual({
      email: email.toLowerCase(),
      rol: 'facturista',
      empresa: { nombre: 'ESCUELA KEMPER URGATE', rfc: RFC_EMPRESA },
      invitada_por: 'Ana Dueña',
      cuenta_existente: false,
    });

    const short = await inject(
      'POST',
      `/api/invitaciones/${token}/aceptar`,
      {},
      {
        name: 'Beto',
        password: 'corta',
      },
    );
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().dataError)).toEqual(['password']);

    const res = await inject(
      'POST',
      `/api/invitaciones/${token}/aceptar`,
      {},
      {
        name: 'Beto Facturista',
        password: 'Una-Clave-Larga-De-Beto-1',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session.user.email).toBe(email.toLowerCase());
    expect(session.user.enterprises).toEqual([
      expect.objectContaining({ id: owner.enterpriseId, rol: 'facturista' }),
    ]);
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await inject('GET', '/api/clients', headers)).statusCode).toBe(200);
    expect(
      (await inject('GET', `/api/sellos-fiscales/${owner.enterpriseId}`, headers)).statusCode,
    ).toBe(200);
    const seals = await inject('POST', `/api/sellos-fiscales/${owner.enterpriseId}`, headers);
    expect(seals.statusCode).toBe(403);

    // Used once: the same link again is refused, and the person signs in like anyone else.
    const again = await inject(
      'POST',
      `/api/invitaciones/${token}/aceptar`,
      {},
      {
        name: 'Otro',
        password: 'Una-Clave-Larga-De-Beto-2',
      },
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().dataError).toBe(INVITACION_NO_EXISTE_MESSAGE);
    const login = await inject(
      'POST',
      '/api/users/login',
      {},
      {
        email,
        password: 'Una-Clave-Larga-De-Beto-1',
      },
    );
    expect(login.statusCode, login.body).toBe(200);
  });

  it('an existing account accepts with its password and gets the enterprise added, its own kept', async () => {
    const other = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), razon_social: 'OTRA' });
    const { token } = await invite(owner, other.email, 'lectura');
    expect((await inject('GET', `/api/invitaciones/${token}`)).json().data.cuenta_existente).toBe(
      true,
    );
    const wrong = await inject(
      'POST',
      `/api/invitaciones/${token}/aceptar`,
      {},
      {
        password: 'no-es-la-clave',
      },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().dataError).toEqual({ password: [LOGIN_FAILED_MESSAGE] });

    const res = await inject(
      'POST',
      `/api/invitaciones/${token}/aceptar`,
      {},
      {
        password: other.password,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { user, token: jwt } = res.json().data;
    // The invited enterprise is the active one, listed first (spec section 3).
    expect(user.enterprises.map((e: { id: number; rol: string }) => [e.id, e.rol])).toEqual([
      [owner.enterpriseId, 'lectura'],
      [other.enterpriseId, 'propietario'],
    ]);
    const headers = { authorization: `Bearer ${jwt}` };
    expect((await inject('GET', '/api/clients', headers)).statusCode).toBe(200);
    expect((await inject('POST', '/api/clients', headers, {})).statusCode).toBe(403);

    const twice = await inject(
      'POST',
      `/api/equipo/${owner.enterpriseId}/invitaciones`,
      owner.headers,
      {
        email: other.email,
        rol: 'facturista',
      },
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().dataError).toEqual({ email: [YA_ES_MIEMBRO_MESSAGE] });
  });

  it('a link expires after 7 days, and a new invitation to the same address voids the older one', async () => {
    const email = `tarde-${Date.now()}@example.com`;
    const first = await invite(owner, email, 'facturista');
    const second = await invite(owner, email, 'lectura');
    expect((await inject('GET', `/api/invitaciones/${first.token}`)).statusCode).toBe(404);
    offsetMs = 7 * 24 * 3600_000 + 1000;
    try {
      const res = await inject('GET', `/api/invitaciones/${second.token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().dataError).toBe(INVITACION_VENCIDA_MESSAGE);
      const accept = await inject(
        'POST',
        `/api/invitaciones/${second.token}/aceptar`,
        {},
        {
          name: 'Tarde',
          password: 'Una-Clave-Larga-Tarde-1',
        },
      );
      expect(accept.statusCode).toBe(404);
    } finally {
      offsetMs = 0;
    }
    const list = await inject('GET', `/api/equipo/${owner.enterpriseId}`, owner.headers);
    const pendiente = list
      .json()
      .data.invitaciones.find((i: { email: string }) => i.email === email);
    expect(pendiente).toMatchObject({ rol: 'lectura', vencida: false });
    const revoke = await inject(
      'DELETE',
      `/api/equipo/${owner.enterpriseId}/invitaciones/${pendiente.id}`,
      owner.headers,
    );
    expect(revoke.statusCode).toBe(200);
    expect((await inject('GET', `/api/invitaciones/${second.token}`)).statusCode).toBe(404);
  });

  it('a forged or foreign link is not found; another enterprise cannot see or touch this team', async () => {
    expect((await inject('GET', '/api/invitaciones/nada')).statusCode).toBe(404);
    const { token } = await invite(owner, `ajeno-${Date.now()}@example.com`, 'facturista');
    const stranger = await seedEnterprise(t.deps);
    const forged = `${stranger.enterpriseId}-${token.split('-')[1]}`;
    expect((await inject('GET', `/api/invitaciones/${forged}`)).statusCode).toBe(404);
    const res = await inject('GET', `/api/equipo/${owner.enterpriseId}`, stranger.headers);
    expect(res.statusCode).toBe(404);
  });
});

describe('members', () => {
  it('a member removed mid-session is refused on the next request; the last owner stays', async () => {
    const f = await seedMember(t.deps, owner.enterpriseId, 'facturista');
    expect((await inject('GET', '/api/clients', f.headers)).statusCode).toBe(200);
    const del = await inject(
      'DELETE',
      `/api/equipo/${owner.enterpriseId}/miembros/${f.userId}`,
      owner.headers,
    );
    expect(del.statusCode, del.body).toBe(200);
    const next = await inject('GET', '/api/clients', f.headers);
    expect(next.statusCode).toBe(401);
    expect(next.json().dataError).toBe(SESSION_EXPIRED_MESSAGE);
    const login = await inject(
      'POST',
      '/api/users/login',
      {},
      { email: f.email, password: f.password },
    );
    expect(login.statusCode).toBe(403);

    const self = await inject(
      'DELETE',
      `/api/equipo/${owner.enterpriseId}/miembros/${owner.userId}`,
      owner.headers,
    );
    expect(self.statusCode).toBe(409);
    const admin = await seedMember(t.deps, owner.enterpriseId, 'administrador');
    const byAdmin = await inject(
      'PUT',
      `/api/equipo/${owner.enterpriseId}/miembros/${owner.userId}`,
      admin.headers,
      { rol: 'lectura' },
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().dataError).toBe(PROPIETARIO_INTOCABLE_MESSAGE);
    const promote = await inject(
      'PUT',
      `/api/equipo/${owner.enterpriseId}/miembros/${admin.userId}`,
      owner.headers,
      { rol: 'propietario' },
    );
    expect(promote.statusCode).toBe(200);
    const demoteFirst = await inject(
      'PUT',
      `/api/equipo/${owner.enterpriseId}/miembros/${owner.userId}`,
      admin.headers,
      { rol: 'administrador' },
    );
    expect(demoteFirst.statusCode).toBe(200);
    const lastOne = await inject(
      'PUT',
      `/api/equipo/${owner.enterpriseId}/miembros/${admin.userId}`,
      { authorization: owner.headers.authorization },
      { rol: 'lectura' },
    );
    // The first owner is an administrator now: touching an owner is refused to them.
    expect(lastOne.statusCode).toBe(403);
    const team = await inject('GET', `/api/equipo/${owner.enterpriseId}`, admin.headers);
    const owners = team
      .json()
      .data.miembros.filter((m: { rol: string }) => m.rol === 'propietario');
    // An owner never demotes or removes themselves, so the enterprise always keeps one.
    expect(owners).toHaveLength(1);
  });
});
