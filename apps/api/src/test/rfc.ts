import { randomInt } from 'node:crypto';
import { digitoVerificadorRfc } from '@repo/cfdi/validacion';

const LETRAS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${LETRAS}0123456789`;
const pick = (s: string) => s[randomInt(s.length)] ?? 'A';

/**
 * A random, well-formed RFC with its check digit: 12 characters (moral) or 13 (física). Tests that
 * seed an enterprise use it because an enterprise's RFC is unique in the database, and the API suite
 * runs twice on the same PostgreSQL database in CI (once with the clock 400 days ahead).
 */
export function rfcAleatorio(tipo: 'moral' | 'fisica' = 'moral'): string {
  const letras = tipo === 'moral' ? 3 : 4;
  let base = '';
  for (let i = 0; i < letras; i++) base += pick(LETRAS);
  base += `8${randomInt(10)}0101${pick(ALNUM)}${pick(ALNUM)}0`;
  return base.slice(0, -1) + digitoVerificadorRfc(base);
}
