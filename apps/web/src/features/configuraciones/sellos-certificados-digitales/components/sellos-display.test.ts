import { describe, expect, it } from 'vitest';
import {
  CER_NAME_MAX,
  KEY_NAME_MAX,
  formatCertificateDate,
  shortenFileName,
} from './sellos-display.ts';

describe('shortenFileName', () => {
  it('keeps names up to the limit as they are', () => {
    const name = `${'a'.repeat(46)}.cer`;
    expect(name).toHaveLength(CER_NAME_MAX);
    expect(shortenFileName(name, CER_NAME_MAX)).toBe(name);
  });

  it('shortens a .cer name over 50 and a .key name over 30 characters, keeping the extension', () => {
    const cer = `00001000000512345678_${'x'.repeat(40)}.cer`;
    const short = shortenFileName(cer, CER_NAME_MAX);
    expect(short).toHaveLength(CER_NAME_MAX);
    expect(short.startsWith('00001000000512345678_')).toBe(true);
    expect(short.endsWith('.cer')).toBe(true);
    expect(short).toContain('…');

    const key = 'CSD_Sucursal_Centro_EKU9003173C9_20230517_223850.key';
    const shortKey = shortenFileName(key, KEY_NAME_MAX);
    expect(shortKey).toHaveLength(KEY_NAME_MAX);
    expect(shortKey.endsWith('.key')).toBe(true);
  });
});

describe('formatCertificateDate', () => {
  it('shows the date in Spanish, in Mexico City time', () => {
    expect(formatCertificateDate('2027-05-18T03:59:59.000Z')).toBe('17 de mayo de 2027');
    expect(formatCertificateDate(null)).toBe('—');
  });
});
