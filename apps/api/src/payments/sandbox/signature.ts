import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../payment-gateway.ts';

/** The sandbox checkout's webhook header, shaped like Stripe's: `t=<unix seconds>,v1=<hex HMAC>`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Seconds a signed webhook stays acceptable (a replay after that is refused). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/** The header value for `payload` signed at `timestamp` (unix seconds). */
export function signPayload(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Checks HMAC-SHA256 over `timestamp.payload` and the timestamp's freshness. */
export function verifySignature(
  secret: string,
  payload: string,
  header: string | undefined,
  nowSeconds: number,
): void {
  if (!header) throw new WebhookSignatureError('missing signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [k, v] = item.split('=', 2);
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t)) throw new WebhookSignatureError('signature without timestamp');
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('signature timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, t, payload), 'hex');
  const ok = (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookSignatureError('signature does not match');
}
