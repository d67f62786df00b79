import {
  EMAILS_MAX_MESSAGE,
  EMAILS_REQUIRED_MESSAGE,
  EMAIL_INVALID_MESSAGE,
} from '@repo/contracts/comprobantes';
import { describe, expect, it } from 'vitest';
import { emailsError, parseEmails } from './email-recipients.ts';

describe('parseEmails', () => {
  it('splits on commas, semicolons, spaces and lines, once per address', () => {
    expect(
      parseEmails('ana@example.com, luis@example.com;\nANA@example.com  pagos@empresa.mx'),
    ).toEqual(['ana@example.com', 'luis@example.com', 'pagos@empresa.mx']);
    expect(parseEmails('  ,; ')).toEqual([]);
  });
});

describe('emailsError', () => {
  it('accepts several valid addresses', () => {
    expect(emailsError(['ana@example.com', 'pagos@empresa.mx'])).toBeNull();
  });

  it('names the address that is not valid', () => {
    expect(emailsError(['ana@example.com', 'luis@'])).toBe(`${EMAIL_INVALID_MESSAGE}: luis@`);
  });

  it('asks for at least one address and at most ten', () => {
    expect(emailsError([])).toBe(EMAILS_REQUIRED_MESSAGE);
    const many = Array.from({ length: 11 }, (_, i) => `c${i}@example.com`);
    expect(emailsError(many)).toBe(EMAILS_MAX_MESSAGE);
  });
});
