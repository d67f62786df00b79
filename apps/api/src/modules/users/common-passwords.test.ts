import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

describe('common passwords list', () => {
  it('is loaded whole: tens of thousands of leaked passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });

  it('finds a listed password whatever its case, and not an uncommon passphrase', () => {
    for (const p of ['qwerty123456', 'QWERTY123456', 'Password1234', '1q2w3e4r5t6y'])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ['Factura-de-prueba-2026', 'tres gatos comen tacos'])
      expect(isCommonPassword(p)).toBe(false);
  });
});
