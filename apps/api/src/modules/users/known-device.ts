import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * "Known device" cookies (OWASP's device cookies against online guessing): a successful sign-in
 * leaves the browser a cookie naming that account and a random device id, signed with APP_SECRET.
 * A sign-in that brings it back for the same account is throttled by its own failures only, never
 * by those of the account from elsewhere nor of its network address (login-throttle.ts): an
 * attacker guessing passwords cannot lock the owner out of the devices the owner signs in from.
 *
 * One cookie per account (its name is keyed by the account, so a shared computer keeps one for each
 * of its users), HttpOnly, SameSite=Strict, sent only to the sign-in route, kept 180 days.
 */

export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
const PATH = '/api/users/login';
const ID = /^[A-Za-z0-9_-]{24}$/;

const mac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** The cookie's name for an account: keyed, so it cannot be linked to an e-mail without the secret. */
export function knownDeviceCookieName(secret: string, account: string): string {
  return `dispositivo_${mac(secret, `known-device-name|${account}`).slice(0, 16)}`;
}

const signature = (secret: string, account: string, id: string) =>
  mac(secret, `known-device|${account}|${id}`);

/** The id of the known device a Cookie header proves for the account, or null. */
export function knownDeviceOf(
  secret: string,
  cookieHeader: string | undefined,
  account: string,
): string | null {
  if (!cookieHeader) return null;
  const name = knownDeviceCookieName(secret, account);
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const [id = '', sig = ''] = part
      .slice(at + 1)
      .trim()
      .split('.');
    if (!ID.test(id)) continue;
    const expected = Buffer.from(signature(secret, account, id));
    const given = Buffer.from(sig);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}

export function newDeviceId(): string {
  return randomBytes(18).toString('base64url');
}

/** The Set-Cookie value that makes (or keeps) this browser a known device of the account. */
export function knownDeviceCookie(
  secret: string,
  account: string,
  id: string,
  secure: boolean,
): string {
  return [
    `${knownDeviceCookieName(secret, account)}=${id}.${signature(secret, account, id)}`,
    `Path=${PATH}`,
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
