import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLAVES_MENSAJES,
  MODO_HEADER,
  type AlcanceClave,
  type ModoClave,
} from '@repo/contracts/claves-api';
import type { Db } from '../db/client.ts';
import { consulta } from '../db/consulta.ts';
import { AppError } from './errors.ts';
import { marcarSolicitudDePruebas } from './modo-solicitud.ts';
import { RUTAS_CON_IDEMPOTENCIA, capacidadDeRuta, claveDeRuta } from './permisos.ts';
import { contarEnVentana } from './rate-limit-store.ts';

/**
 * API keys (issue 28; docs/decisions/014): `fk_test_<enterprise>_<secret>` or `fk_live_…`. The
 * enterprise travels in the key, as in share links, so its hash is looked up per tenant.
 */
const FORMATO_CLAVE = /^fk_(test|live)_(\d{1,10})_([A-Za-z0-9_-]{43})$/;

/** True when a Bearer value is meant as an API key rather than a session token. */
export function pareceClaveApi(token: string): boolean {
  return token.startsWith('fk_');
}

export function hashDeClave(clave: string): string {
  return createHash('sha256').update(clave).digest('hex');
}

/** What a request made with an API key may do, in place of a member's session. */
export interface ClaveContext {
  tipo: 'clave';
  /** No user: what the key does is recorded under the key (claveApiId). */
  userId: null;
  enterpriseId: number;
  claveApiId: number;
  /** The key's name, for the audit log. */
  nombre: string;
  modo: ModoClave;
  alcances: AlcanceClave[];
}

interface ClaveFila {
  id: number;
  nombre: string;
  modo: ModoClave;
  alcances: AlcanceClave[];
}

/** One statement: the unrevoked key of that hash in its enterprise, its last use moved to now. */
const CLAVE_SQL = `update claves_api set ultimo_uso = $3
  where enterprise_id = $1 and hash = $2 and revocada_at is null
  returning id, nombre, modo, alcances`;

const MINUTO_MS = 60_000;

/**
 * A request with `Authorization: Bearer fk_…`: an unrevoked key of the enterprise whose scopes hold
 * the route's capability, within its requests per minute; a stamping POST must carry an
 * Idempotency-Key. Every answer says the key's mode (x-facturacion-modo), and a test key's request
 * is marked so that what it stamps goes through the sandbox PAC (modo-solicitud.ts).
 */
export async function autenticarClaveApi(
  db: Db,
  opciones: { now: () => Date; porMinuto: number },
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ClaveContext> {
  const m = FORMATO_CLAVE.exec(token);
  if (!m) throw new AppError('UNAUTHORIZED', CLAVES_MENSAJES.invalida);
  const enterpriseId = Number(m[2]);
  const ahora = opciones.now();
  const [clave] = await consulta<ClaveFila>(
    db,
    CLAVE_SQL,
    [enterpriseId, hashDeClave(token), ahora.toISOString()],
    'clave_api_uso',
  );
  if (!clave) throw new AppError('UNAUTHORIZED', CLAVES_MENSAJES.invalida);
  // The key's mode is in every answer, errors included.
  reply.header(MODO_HEADER, clave.modo);
  if (clave.modo === 'pruebas' && !marcarSolicitudDePruebas()) {
    throw new Error('a test key reached a route outside the request mode store');
  }
  const ruta = claveDeRuta(request);
  const capacidad = capacidadDeRuta(request.routeOptions.config, ruta);
  if (!capacidad || !(clave.alcances as string[]).includes(capacidad)) {
    const soloSesion = capacidad && !['ver', 'emitir', 'configurar'].includes(capacidad);
    throw new AppError(
      'FORBIDDEN',
      soloSesion ? CLAVES_MENSAJES.soloSesion : CLAVES_MENSAJES.alcanceNoPermite,
    );
  }
  const uso = await contarEnVentana(
    db,
    'clave-api',
    `${enterpriseId}:${clave.id}`,
    ahora,
    MINUTO_MS,
  );
  if (uso.current > opciones.porMinuto) {
    throw new AppError('TOO_MANY_REQUESTS', CLAVES_MENSAJES.limite, { retryAfterMs: uso.ttl });
  }
  if (RUTAS_CON_IDEMPOTENCIA.has(ruta)) {
    const key = request.headers['idempotency-key'];
    const valor = typeof key === 'string' ? key.trim() : '';
    if (valor.length < 8 || valor.length > 100) {
      throw new AppError('BAD_REQUEST', CLAVES_MENSAJES.idempotencia);
    }
  }
  return {
    tipo: 'clave',
    userId: null,
    enterpriseId,
    claveApiId: clave.id,
    nombre: clave.nombre,
    modo: clave.modo,
    alcances: clave.alcances,
  };
}
