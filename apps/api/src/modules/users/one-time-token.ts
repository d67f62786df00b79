import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Tokens are stored only as this hash, so a leaked table gives no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random token for a link: 256 bits, URL-safe. */
export function createLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

// No I, L, O, 0 or 1: a code read from an e-mail and typed by hand is not misread.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A short code the user types (30^8 ≈ 6.6·10^11 values), upper case. */
export function createEmailCode(): { token: string; hash: string } {
  let token = '';
  for (let i = 0; i < CODE_LENGTH; i++) token += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return { token, hash: hashToken(token) };
}
