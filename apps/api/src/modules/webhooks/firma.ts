import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A delivery's signature, as the receiver checks it: HMAC-SHA256 with the endpoint's secret over
 * `<unix seconds>.<body>`, sent as `t=<unix seconds>,v1=<hex>` (the scheme Stripe and most gateways
 * use: the timestamp inside the signed text stops a replay of an old body with a fresh header).
 */
export function firmar(secreto: string, segundos: number, cuerpo: string): string {
  const v1 = createHmac('sha256', secreto).update(`${segundos}.${cuerpo}`).digest('hex');
  return `t=${segundos},v1=${v1}`;
}

/**
 * What a receiver does with the header: true when `v1` is the HMAC of this body at `t` and `t` is
 * within `toleranciaS` of `ahoraS`. Comparison in constant time.
 */
export function verificarFirma(
  secreto: string,
  encabezado: string,
  cuerpo: string,
  ahoraS: number,
  toleranciaS = 300,
): boolean {
  const partes = new Map(
    encabezado.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(partes.get('t'));
  const v1 = partes.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(ahoraS - t) > toleranciaS || !/^[0-9a-f]{64}$/.test(v1)) {
    return false;
  }
  const esperado = Buffer.from(firmar(secreto, t, cuerpo).slice(`t=${t},v1=`.length), 'hex');
  return timingSafeEqual(esperado, Buffer.from(v1, 'hex'));
}

/** A new endpoint's secret: 32 random bytes, prefixed so a user recognises it in their settings. */
export function nuevoSecreto(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
