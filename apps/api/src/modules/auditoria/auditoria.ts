import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccionAuditoria } from '@repo/contracts/auditoria';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

/**
 * Who did what (issue 27): the one way to write the enterprise's audit log (table `auditoria`,
 * migration 0048, append-only: a trigger refuses any UPDATE, DELETE or TRUNCATE).
 *
 * How a module records an action:
 *
 *   const quien = quienActua();               // at the service's start, before any batching
 *   await withTransaction(deps.db, async (tx) => {
 *     await hacerLaAccion(tx, enterpriseId, ...);
 *     await registrarAuditoria(tx, enterpriseId, quien, {
 *       accion: 'serie_creada',                // ACCION_ETIQUETA in @repo/contracts/auditoria
 *       objeto: `serie:${id}`,                 // or comprobanteId for a document
 *       detalles: { serie: 'A', folio: 1 },    // what changed; plain JSON, no secrets
 *     });
 *   });
 *
 * Call it with the action's own transaction, so the record and the action commit or roll back
 * together. `quienActua()` answers the signed-in member of the HTTP request being served (its id,
 * IP and user agent), or the product itself (user null) outside one: a job, the public portal, the
 * payment gateway's webhook. A caller that knows better (an API key) passes its own `Quien`:
 * `{ userId: null, ip, userAgent, apiKey: { id, nombre } }` (the key lands in `detalles.api_key`).
 */

export interface Quien {
  /** The member who acted; null for the product or a program (API key). */
  userId: number | null;
  ip: string;
  userAgent: string;
  /** A program's API key that acted, kept in detalles.api_key. */
  apiKey?: { id: number; nombre: string };
}

export interface EventoAuditoria {
  accion: AccionAuditoria;
  /** The document touched (comprobantes.id of the same enterprise). */
  comprobanteId?: number | null;
  /** What else it touched, as `<kind>:<id>` ('serie:12', 'usuario:7', 'webhook:3'). */
  objeto?: string;
  /** What was done, as plain JSON: shown in the log's "Detalle" and exported. Never a secret. */
  detalles?: Record<string, unknown>;
}

export const PRODUCTO: Quien = { userId: null, ip: '', userAgent: '' };

const peticion = new AsyncLocalStorage<FastifyRequest>();

/**
 * preHandler for every route: the request being served is known to `quienActua()` anywhere below
 * its handler (the signed-in member is read when asked, after requireAuth has set it).
 */
export function registerAuditoriaContexto(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    peticion.run(request, done);
  });
}

/** Who is acting now: the signed-in member of the request being served, or the product. */
export function quienActua(): Quien {
  const request = peticion.getStore();
  if (!request) return PRODUCTO;
  const agente = request.headers['user-agent'];
  const auth = request.auth;
  return {
    userId: auth?.userId ?? null,
    ip: request.ip,
    userAgent: (typeof agente === 'string' ? agente : '').slice(0, 500),
    // A program with an API key (docs/decisions/014): no user, the key recorded.
    ...(auth?.tipo === 'clave' ? { apiKey: { id: auth.claveApiId, nombre: auth.nombre } } : {}),
  };
}

/**
 * Appends one record to the enterprise's log, in `db` (pass the action's transaction). The user's
 * name and e-mail are copied as they are now, so the record still reads right after they change
 * or leave.
 */
export async function registrarAuditoria(
  db: Db,
  enterpriseId: number,
  quien: Quien,
  evento: EventoAuditoria,
): Promise<void> {
  const detalles = quien.apiKey
    ? { ...evento.detalles, api_key: quien.apiKey }
    : (evento.detalles ?? {});
  await consulta(
    db,
    `insert into auditoria (enterprise_id, user_id, usuario_nombre, usuario_email, accion,
                            comprobante_id, objeto, ip, user_agent, detalles)
     select $1, $2, coalesce(u.name, ''), coalesce(u.email, ''), $3, $4, $5, $6, $7, $8::jsonb
       from (select 1) uno left join users u on u.id = $2`,
    [
      enterpriseId,
      quien.userId,
      evento.accion,
      evento.comprobanteId ?? null,
      evento.objeto ?? '',
      quien.ip,
      quien.userAgent,
      JSON.stringify(detalles),
    ],
    'auditoria_registrar',
  );
}

/** The keys of `despues` whose value differs from `antes` (null, undefined and '' alike), sorted. */
export function camposCambiados(antes: object, despues: object): string[] {
  const a = antes as Record<string, unknown>;
  const valor = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return Object.entries(despues)
    .filter(([k, v]) => valor(v) !== valor(a[k]))
    .map(([k]) => k)
    .sort();
}
