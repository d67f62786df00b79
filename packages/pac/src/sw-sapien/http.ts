/**
 * SW Sapien's HTTP pieces: a request with its timeout (a transport failure or a 5xx answer: the PAC
 * is not available), the JSON envelope of its answers, and the rejection an error envelope carries.
 */
import {
  codigoDeMensaje,
  mensajePac,
  PacNoDisponibleError,
  PacRechazoError,
  PacRespuestaInvalidaError,
} from '../errors.ts';

export interface SwEnvelope {
  status?: string;
  message?: string;
  messageDetail?: string | null;
  data?: Record<string, unknown> | null;
}

export interface HttpAnswer {
  status: number;
  text: string;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A request; `timeoutMs` per request, default 30 s. */
export async function http(
  url: string,
  init: RequestInit,
  timeoutMs: number | undefined,
): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs ?? 30_000),
    });
  } catch (e) {
    const timeout =
      e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new PacNoDisponibleError(
      timeout ? 'TIMEOUT' : 'UNAVAILABLE',
      mensajePac(timeout ? 'TIMEOUT' : 'UNAVAILABLE'),
      '',
      e,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    const timeout =
      e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new PacNoDisponibleError(
      timeout ? 'TIMEOUT' : 'UNAVAILABLE',
      mensajePac(timeout ? 'TIMEOUT' : 'UNAVAILABLE'),
      '',
      e,
    );
  }
  if (res.status >= 500)
    throw new PacNoDisponibleError('UNAVAILABLE', mensajePac('UNAVAILABLE'), text);
  return { status: res.status, text };
}

export function json(a: HttpAnswer): SwEnvelope {
  try {
    const v = JSON.parse(a.text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v;
  } catch {
    // fall through
  }
  throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
}

export function rechazo(env: SwEnvelope, raw: string): PacRechazoError {
  const message = str(env.message) || 'Error del PAC.';
  const codigo = codigoDeMensaje(message) ?? 'PAC';
  const detalle = str(env.messageDetail);
  return new PacRechazoError(codigo, message, raw, [
    { codigo, mensaje: message, ...(detalle ? { detalle } : {}) },
  ]);
}
