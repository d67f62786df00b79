import { randomUUID } from 'node:crypto';
import type { Comprobante } from '@repo/cfdi/xml';
import { medir } from '@repo/cfdi/fases';
import type { FuenteTipoCambio } from '@repo/cfdi/tipo-cambio';
import {
  referenciasDelComprobante,
  validateComprobante,
  type CatalogosLookup,
} from '@repo/cfdi/validacion';
import type { Pac } from '@repo/pac';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { solicitudDePruebas } from '../../http/modo-solicitud.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { sellosParaFirmar } from './csd-cache.ts';
import { enviarAlPac, rechazo } from './envio-pac.ts';
import { readStampContext } from './contexto.queries.ts';
import { SERIE_NO_EXISTE, sellarConReserva } from './sellado.ts';
import {
  findComprobante,
  findComprobanteByIdempotencyKey,
  type ComprobanteRow,
} from './timbrado.queries.ts';

/**
 * The one stamping service, for every document type (facturas de ingreso, globales, pagos):
 *
 * 0. Outside any lock: one read (the seal's id, the serie as it stands, whether the idempotency
 *    key exists), the CSD (decrypted once per process and seal, csd-cache.ts) and the document built
 *    with the serie's next folio as it stands, validated locally. A refusal here takes nothing.
 * 1. One credit and the serie's next folio reserved, the document sealed for that folio and stored
 *    as 'sellada' with its idempotency key, all of it or nothing (sellado.ts): usually ONE statement
 *    for a document sealed beforehand for the folio the serie is expected to give (one for several
 *    stamps of a serie that wait together: docs/decisions/011); else a short
 *    transaction that keeps the balance and the serie locked while it seals. The balance never goes
 *    below zero and a folio is never taken twice. Any refusal writes nothing: no credit, no folio,
 *    no PAC call.
 * 2. The PAC is called with the stored bytes and the idempotency key.
 * 3. The answer is stored: the stamped XML verbatim, UUID and FechaTimbrado ('timbrada'; the credit
 *    stays spent), or the rejection ('rechazada'; the credit is refunded). A timeout or an unreadable
 *    answer leaves the document 'sellada' with its credit reserved: `reenviarComprobante` (or
 *    `timbrarComprobante` with the same idempotency key) sends the IDENTICAL bytes again, and the PAC
 *    answers the first stamp, never a second UUID. When nobody does, the recovery job
 *    (recuperacion.ts) resends it with backoff. The folio is never given back once sealed
 *    (docs/decisions/002-folios-quemados-al-sellar.md).
 */

export interface TimbradoDeps {
  db: Db;
  /** APP_SECRET: decrypts the enterprise's CSD key. */
  secret: string;
  now: () => Date;
  pac: Pac;
  /** The sandbox PAC, for the documents a test API key stamps (pac/create-pac.ts, pacDelComprobante). */
  pacPruebas?: Pac | undefined;
  catalogos: CatalogosLookup;
  /** Reference exchange rates: TipoCambio (CFDI40118) and each payment's TipoCambioP (CRP20216). */
  tiposDeCambio?: FuenteTipoCambio;
}

export interface ContextoComprobante {
  /** Letters of the serie, for Comprobante/@Serie. */
  serie: string;
  /** The folio reserved for this document, for Comprobante/@Folio. */
  folio: number;
  /** The instant of issue; write it as local time of LugarExpedicion (fechaLocal of @repo/cfdi/xml). */
  fecha: Date;
}

export interface TimbrarComprobanteInput {
  enterpriseId: number;
  serieId: number;
  /**
   * Builds the document for a serie, folio and date: a pure function of them. Called once before the
   * reservation with the serie's next folio as it stands (that document is validated) and again
   * for any other folio the document is sealed for.
   */
  buildComprobante: (ctx: ContextoComprobante) => Comprobante;
  /** The form's field of a rule's path in the CFDI (the local validation's errors); the path itself when absent. */
  campoDe?: (field: string) => string;
  /**
   * Stable key of the business document (e.g. `factura:<draft id>`): calling again with the same key
   * never makes a second document, it resumes the first. A new random key when absent.
   */
  idempotencyKey?: string;
  /**
   * Work of the document type in the reservation's transaction. `antes` runs first, before the
   * credit and the folio are reserved: it may lock and re-check what the document depends on (a
   * throw rolls everything back: no credit, no folio) and answers true when the document must be
   * built again. `despues` runs once the sealed row exists: the type stores its draft with it, in
   * the same transaction. It may run more than once (a transaction rolled back because the serie
   * gave another folio is tried again): each run must do all its work again.
   */
  enLaReserva?: {
    antes?: (tx: Db) => Promise<boolean>;
    despues?: (tx: Db, sellado: ComprobanteRow) => Promise<void>;
  };
}

export { PAC_CREDENCIALES, PAC_NO_RESPONDIO, PAC_OTRO_TIMBRE, mensajeDe } from './envio-pac.ts';

/**
 * A just-sealed document belongs to the request that sealed it this long (longer than any PAC call)
 * before the recovery job (recuperacion.ts) may resend it.
 */
export const ESPERA_PRIMER_REENVIO_MS = 2 * 60_000;
/** How long a request waits for the PAC's answer to a concurrent request with the same key. */
const ESPERA_CONCURRENTE_MS = 5_000;
export const COMPROBANTE_NO_EXISTE = 'El comprobante no existe.';

/** The stored and PAC-facing key: the PAC sees every enterprise's keys, so ours carry the enterprise. */
export function claveIdempotencia(enterpriseId: number, key: string): string {
  return `${enterpriseId}:${key}`;
}

/** Seals, stamps and stores a new document; see the module comment for the steps. */
export async function timbrarComprobante(
  deps: TimbradoDeps,
  input: TimbrarComprobanteInput,
): Promise<ComprobanteRow> {
  const { enterpriseId } = input;
  const idempotencyKey = claveIdempotencia(enterpriseId, input.idempotencyKey ?? randomUUID());
  const instante = deps.now();
  // One read outside any lock: the seal's id, the serie as it stands, whether the key exists.
  const contexto = await readStampContext(
    deps.db,
    enterpriseId,
    input.serieId,
    input.idempotencyKey ? idempotencyKey : null,
  );
  if (contexto.existeLaClave) {
    // A retry: the earlier document wins over any error.
    const previo = await findComprobanteByIdempotencyKey(deps.db, enterpriseId, idempotencyKey);
    if (previo) return reanudar(deps, previo);
  }
  const csd = await sellosParaFirmar(
    deps.db,
    deps.secret,
    enterpriseId,
    instante,
    contexto.sellosId,
  );
  const { serie } = contexto;
  if (!serie) throw new AppError('NOT_FOUND', SERIE_NO_EXISTE);
  // Local validation before any lock, on the document built with the serie's next folio as it
  // stands: a refusal here takes no credit and no folio. It is built again only for another folio.
  const provisional: ContextoComprobante = {
    serie: serie.serie,
    folio: serie.folio,
    fecha: instante,
  };
  const borrador = medir('api.documento', () => input.buildComprobante(provisional));
  const referencias = await referenciasDelComprobante(borrador, deps.tiposDeCambio);
  const errores = medir('api.validacion', () =>
    validateComprobante(borrador, { catalogos: deps.catalogos, tipoCambioReferencia: referencias }),
  );
  if (errores.length > 0) {
    const porCampo: Record<string, string[]> = {};
    for (const e of errores) {
      (porCampo[(e.field && input.campoDe ? input.campoDe(e.field) : e.field) || '_'] ??= []).push(
        e.message,
      );
    }
    throw new AppError('VALIDATION', porCampo, { persistent: true });
  }
  let sellado: ComprobanteRow;
  try {
    sellado = await sellarConReserva(deps.db, {
      enterpriseId,
      input,
      idempotencyKey,
      instante,
      // Read once, here: a test key's document is stored as such, whichever request seals it.
      pruebas: solicitudDePruebas(),
      csd,
      borrador,
      provisional,
      reenvioSiguiente: new Date(instante.getTime() + ESPERA_PRIMER_REENVIO_MS),
    });
  } catch (err) {
    if (input.idempotencyKey && err instanceof AppError) {
      // A double click: the other request, with the same key, sealed this very document while this
      // one waited, and took what this one was refused for: the last credit (402), or the period
      // of a global invoice, which allows one (409, global-tipo.ts). The earlier document wins.
      const previo = await findComprobanteByIdempotencyKey(deps.db, enterpriseId, idempotencyKey);
      if (previo) return reanudar(deps, await esperarRespuesta(deps, previo));
      throw err;
    }
    if (isUniqueViolation(err)) {
      // Either the same key raced us (resume it) or the serie was set back onto used folios.
      const previo = await findComprobanteByIdempotencyKey(deps.db, enterpriseId, idempotencyKey);
      if (previo) return reanudar(deps, await esperarRespuesta(deps, previo));
      throw new AppError(
        'CONFLICT',
        'El folio siguiente de la serie ya se usó en otro comprobante. Ajuste el folio de la serie para continuar.',
        { persistent: true },
      );
    }
    throw err;
  }
  return enviarAlPac(deps, sellado);
}

/**
 * Sends a 'sellada' document again with its stored bytes (after a timeout, a crash or a PAC outage).
 * Answers the stored document when it is already stamped; refuses a rejected one again.
 */
export async function reenviarComprobante(
  deps: TimbradoDeps,
  input: { enterpriseId: number; comprobanteId: number },
): Promise<ComprobanteRow> {
  const row = await findComprobante(deps.db, input.enterpriseId, input.comprobanteId);
  if (!row || row.status === 'pre_factura') throw new AppError('NOT_FOUND', COMPROBANTE_NO_EXISTE);
  return reanudar(deps, row);
}

/**
 * The document a concurrent request with the same key has just sealed: while that request waits for
 * the PAC, wait for its answer (ESPERA_CONCURRENTE_MS at most) instead of sending the XML a second
 * time; a resend of the same bytes is safe either way.
 */
async function esperarRespuesta(deps: TimbradoDeps, row: ComprobanteRow): Promise<ComprobanteRow> {
  let actual = row;
  const hasta = Date.now() + ESPERA_CONCURRENTE_MS;
  while (actual.status === 'sellada' && Date.now() < hasta) {
    await new Promise((r) => setTimeout(r, 100));
    actual = (await findComprobante(deps.db, row.enterprise_id, row.id)) ?? actual;
  }
  return actual;
}

function reanudar(deps: TimbradoDeps, row: ComprobanteRow): Promise<ComprobanteRow> {
  if (row.status === 'sellada') return enviarAlPac(deps, row);
  if (row.status === 'rechazada') throw rechazo(row.rechazo_codigo, row.rechazo_mensaje);
  return Promise.resolve(row);
}
