import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_MENSAJES } from '@repo/contracts/webhooks';
import { esDireccionPrivada } from './destino.ts';

/** How long a receiver has to answer; its answer is kept up to this many characters. */
export const ESPERA_RESPUESTA_MS = 10_000;
const MAX_RESPUESTA = 2_000;

export interface Envio {
  url: string;
  cuerpo: string;
  encabezados: Record<string, string>;
  redPrivada: boolean;
}

export interface Respuesta {
  codigo: number | null;
  respuesta: string;
  error: string;
}

/**
 * Resolves as the system does, but refuses private and local addresses (destino.ts): checked on the
 * address actually connected to, so a name pointed at an internal address after it was saved (DNS
 * rebinding) is refused too.
 */
const lookupPublica: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const publicas = addresses.filter((a) => !esDireccionPrivada(a.address));
    if (publicas.length === 0) {
      return callback(new Error(WEBHOOK_MENSAJES.redPrivada), '', 0);
    }
    if (options.all) return callback(null, publicas, 0);
    return callback(null, publicas[0]!.address, publicas[0]!.family);
  });
};

/**
 * One POST to a receiver. Never follows a redirect (a 3xx is an answer, recorded as a failure), never
 * throws: a refused connection or a timeout is an answer without a code and with a Spanish error.
 */
export function enviar(e: Envio): Promise<Respuesta> {
  const url = new URL(e.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...e.encabezados, 'content-length': Buffer.byteLength(e.cuerpo) },
        timeout: ESPERA_RESPUESTA_MS,
        ...(e.redPrivada ? {} : { lookup: lookupPublica }),
      },
      (res) => {
        let texto = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (texto.length < MAX_RESPUESTA) texto += chunk;
        });
        res.on('end', () =>
          resolve({
            codigo: res.statusCode ?? null,
            respuesta: texto.slice(0, MAX_RESPUESTA),
            error: '',
          }),
        );
        res.on('error', (err) =>
          resolve({ codigo: res.statusCode ?? null, respuesta: texto, error: err.message }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`El receptor no respondió en ${ESPERA_RESPUESTA_MS / 1000} segundos.`));
    });
    req.on('error', (err) => resolve({ codigo: null, respuesta: '', error: mensajeDeError(err) }));
    req.end(e.cuerpo);
  });
}

function mensajeDeError(err: Error & { code?: string }): string {
  if (err.code === 'ECONNREFUSED') return 'El receptor rechazó la conexión.';
  if (err.code === 'ENOTFOUND') return 'No se encontró el servidor del receptor.';
  if (err.code === 'ECONNRESET') return 'El receptor cerró la conexión sin responder.';
  return err.message;
}
