import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../payment-gateway.ts';
import { signPayload, verifySignature } from './signature.ts';
import { judgeCard, luhnValid } from './test-cards.ts';

describe('sandbox webhook signature', () => {
  const secret = 'secreto-de-prueba';
  const payload = '{"id":"evt_1","type":"checkout.session.completed"}';
  const t = 1_800_000_000;

  it('accepts its own signature within the tolerance', () => {
    expect(() =>
      verifySignature(secret, payload, signPayload(secret, payload, t), t + 299),
    ).not.toThrow();
  });

  it('refuses another key, a changed body, an old timestamp and a missing header', () => {
    const header = signPayload(secret, payload, t);
    const refused = (fn: () => void) => expect(fn).toThrow(WebhookSignatureError);
    refused(() => verifySignature('otra', payload, header, t));
    refused(() => verifySignature(secret, `${payload} `, header, t));
    refused(() => verifySignature(secret, payload, header, t + 301));
    refused(() => verifySignature(secret, payload, undefined, t));
    refused(() => verifySignature(secret, payload, header.replace(/t=\d+/, `t=${t + 1}`), t));
  });
});

describe('sandbox test cards', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const card = (number: string, exp_month = 12, exp_year = 2034) =>
    judgeCard({ number, exp_month, exp_year, cvc: '123' }, now);

  it('answers each test card deterministically', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({
      card: { outcome: { kind: 'success' }, funding: 'credit' },
      last4: '4242',
    });
    expect(card('4000056655665556')).toMatchObject({ card: { funding: 'debit' } });
    expect(card('4000000000000002')).toMatchObject({
      card: { outcome: { message: 'Tarjeta rechazada' } },
    });
    expect(card('4000002500003155')).toMatchObject({ card: { outcome: { kind: 'challenge' } } });
    expect(card('4000000000009995')).toMatchObject({
      card: { outcome: { message: 'Fondos insuficientes' } },
    });
    expect(card('4000000000000069')).toMatchObject({
      card: { outcome: { message: 'Tarjeta vencida' } },
    });
  });

  it('refuses a malformed number, a past expiry and a bad CVC in Spanish', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(card('4242424242424241')).toEqual({ error: 'El número de tarjeta no es válido' });
    expect(card('4242424242424242', 10, 2026)).toEqual({ error: 'Tarjeta vencida' });
    expect(card('4242424242424242', 11, 26)).toMatchObject({ last4: '4242' });
    expect(
      judgeCard({ number: '4242424242424242', exp_month: 1, exp_year: 30, cvc: '12' }, now),
    ).toEqual({
      error: 'El código de seguridad no es válido',
    });
  });
});
