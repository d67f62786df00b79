import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { helpCenterQuestions } from '../../db/schema/help-center-questions.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.ts';

const SUPPORT = `soporte-${randomUUID()}@example.com`;

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: smtp.mailer, env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('help center question form', () => {
  it('stores the question and e-mails it to support, replying to the user', async () => {
    const rfc = rfcAleatorio('moral');
    const e = await seedEnterprise(t.deps, {
      rfc,
      razon_social: 'ESCUELA KEMPER URGATE',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/help-center/question-form',
      headers: e.headers,
      payload: {
        question: '¿Cómo cancelo una factura?',
        question_details: 'La factura A-15 tiene un error en el RFC <del cliente>.',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(Number) } });

    const rows = await t.deps.db
      .select({
        user_id: helpCenterQuestions.user_id,
        question: helpCenterQuestions.question,
        question_details: helpCenterQuestions.question_details,
      })
      .from(helpCenterQuestions)
      .where(eq(helpCenterQuestions.enterprise_id, e.enterpriseId));
    expect(rows).toEqual([
      {
        user_id: e.userId,
        question: '¿Cómo cancelo una factura?',
        question_details: 'La factura A-15 tiene un error en el RFC <del cliente>.',
      },
    ]);

    const mail = await smtp.takeMail(SUPPORT);
    expect(mail.subject).toBe(`Centro de ayuda #${id}: ¿Cómo cancelo una factura?`);
    expect(mail.replyTo).toBe(e.email);
    expect(mail.text).toContain('La factura A-15 tiene un error en el RFC <del cliente>.');
    expect(mail.text).toContain(`ESCUELA KEMPER URGATE — ${rfc}`);
    expect(mail.html).toContain('RFC &lt;del cliente&gt;');
  });

  it('refuses an empty question with messages per field, and a visitor', async () => {
    const e = await seedEnterprise(t.deps);
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/help-center/question-form',
      headers: e.headers,
      payload: { question: '  ', question_details: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError).toEqual({
      question: ['Escriba su pregunta'],
      question_details: ['Describa los detalles de su pregunta'],
    });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/help-center/question-form',
      payload: { question: 'Hola', question_details: 'Detalle' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(smtp.received.length).toBe(before);
  });
});
