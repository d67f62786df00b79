import type { CardFunding } from '../payment-gateway.ts';

/**
 * The sandbox checkout's deterministic test cards (the numbers Stripe uses for the same cases). Any
 * future expiry date and any 3-digit CVC are accepted; a past expiry date is "Tarjeta vencida".
 */
export type CardOutcome =
  { kind: 'success' } | { kind: 'challenge' } | { kind: 'declined'; message: string };

export interface TestCard {
  brand: string;
  funding: CardFunding;
  outcome: CardOutcome;
  label: string;
}

export const DECLINED_MESSAGE = 'Tarjeta rechazada';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Fondos insuficientes';
export const EXPIRED_CARD_MESSAGE = 'Tarjeta vencida';
export const INVALID_NUMBER_MESSAGE = 'El número de tarjeta no es válido';
export const INVALID_CVC_MESSAGE = 'El código de seguridad no es válido';
export const INVALID_EXPIRY_MESSAGE = 'La fecha de vencimiento no es válida';
export const CHALLENGE_DECLINED_MESSAGE = 'Su banco no autorizó el pago (3-D Secure)';

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': {
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'success' },
    label: 'Pago aprobado (crédito)',
  },
  '4000056655665556': {
    brand: 'visa',
    funding: 'debit',
    outcome: { kind: 'success' },
    label: 'Pago aprobado (débito)',
  },
  '5555555555554444': {
    brand: 'mastercard',
    funding: 'credit',
    outcome: { kind: 'success' },
    label: 'Pago aprobado (Mastercard)',
  },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', message: DECLINED_MESSAGE },
    label: 'Tarjeta rechazada',
  },
  '4000002500003155': {
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'challenge' },
    label: 'Pide verificación 3-D Secure',
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', message: INSUFFICIENT_FUNDS_MESSAGE },
    label: 'Fondos insuficientes',
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', message: EXPIRED_CARD_MESSAGE },
    label: 'Tarjeta vencida',
  },
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** What the card does: the test card's outcome, or a refusal for a malformed or expired card. */
export function judgeCard(
  input: CardInput,
  now: Date,
): { card: TestCard; last4: string } | { error: string } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) return { error: INVALID_NUMBER_MESSAGE };
  if (!/^\d{3,4}$/.test(input.cvc)) return { error: INVALID_CVC_MESSAGE };
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  if (!Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12) {
    return { error: INVALID_EXPIRY_MESSAGE };
  }
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, input.exp_month, 1) <= now.getTime()) return { error: EXPIRED_CARD_MESSAGE };
  const card: TestCard = TEST_CARDS[number] ?? {
    brand: number.startsWith('5') ? 'mastercard' : number.startsWith('3') ? 'amex' : 'visa',
    funding: 'unknown',
    outcome: { kind: 'declined', message: DECLINED_MESSAGE },
    label: 'Tarjeta que no es de prueba',
  };
  return { card, last4: number.slice(-4) };
}
