import { randomUUID } from 'node:crypto';
import type { Comprobante } from '@repo/cfdi/xml';
import { sellarComprobante } from '@repo/cfdi/sello';
import { validateComprobante, type CatalogosLookup } from '@repo/cfdi/validacion';
import { PacDuplicadoError, PacError, PacRechazoError, type Pac, type Timbre } from '@repo/pac';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { enterpriseExists } from '../credits/credits.queries.ts';
import { CREDITOS_INSUFICIENTES, refundCredit } from '../credits/credits.service.ts';
import { sellosParaFirmar } from './csd-cache.ts';
import {
  findComprobante,
  findComprobanteByIdempotencyKey,
  insertComprobanteSellado,
  insertPacCall,
  readStampContext,
  reserveCreditAndFolio,
  storeTimbrado,
  updateComprobanteFrom,
  type ComprobanteRow,
} from './timbrado.queries.ts';

/**
 * The one stamping service, for every document type (facturas de ingreso, globales, pagos):
 *
 * 0. Outside any lock: the CSD (decrypted once per process and seal, csd-cache.ts), the serie and
 *    the document built with the serie's next folio as it stands, validated locally. A refusal here
 *    takes nothing.
 * 1. One transaction, as short as it can be: one statement reserves one credit and the serie's next
 *    folio (the enterprise's balance row and the serie row stay locked until commit, so the balance
 *    never goes below zero and a folio is never taken twice); the document is built again only when
 *    that folio is another one, sealed with the enterprise's CSD and stored as 'sellada' with its
 *    idempotency key. Any refusal here rolls everything back: no credit, no folio, no PAC call.
 * 2. The PAC is called with the stored bytes and the idempotency key.
 * 3. The answer is stored: the stamped XML verbatim, UUID and FechaTimbrado ('timbrada'; the credit
 *    stays spent), or the rejection ('rechazada'; the credit is refunded). A timeout or an unreadable
 *    answer leaves the document 'sellada' with its credit reserved: `reenviarComprobante` (or
 *    `timbrarComprobante` with the same idempotency key) sends the IDENTICAL bytes again, and the PAC
 *    answers the first stamp, never a second UUID. The folio is never given back once sealed
 *    (docs/decisions/002-folios-quemados-al-sellar.md).
 */

export interface TimbradoDeps {
  db: Db;
  /** APP_SECRET: decrypts the enterprise's CSD key. */
  secret: string;
  now: () => Date;
  pac: Pac;
  catalogos: CatalogosLookup;
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
   * reservation with the serie's next folio as it stands (that document is validated) and, when a
   * concurrent stamp took that folio, once more inside the reservation with the reserved one.
   */
  buildComprobante: (ctx: ContextoComprobante) => Comprobante;
  /**
   * Stable key of the business document (e.g. `factura:<draft id>`): calling again with the same key
   * never makes a second document, it resumes the first. A new random key when absent.
   */
  idempotencyKey?: string;
  /**
   * Work of the document type inside the reservation transaction. `antes` runs once the credit and
   * the folio are reserved, before the document is sealed: it may lock and re-check what the
   * document depends on (a throw rolls everything back: no credit, no folio) and answers true when
   * the document must be built again. `despues` runs once the sealed row exists: the type stores
   * its draft with it, in the same transaction.
   */
  enLaReserva?: {
    antes?: (tx: Db) => Promise<boolean>;
    despues?: (tx: Db, sellado: ComprobanteRow) => Promise<void>;
  };
}

export const PAC_NO_RESPONDIO =
  'El PAC no respondió. El comprobante quedó sellado y se reenviará sin cambios: nunca se timbra dos veces. Inténtelo de nuevo en unos momentos.';
export const PAC_CREDENCIALES =
  'No se pudo autenticar con el PAC. Revise la configuración del PAC; el comprobante quedó sellado y se reenviará sin cambios.';
export const PAC_OTRO_TIMBRE =
  'El PAC tiene otro comprobante timbrado con la misma clave de envío. El comprobante quedó sellado sin timbrar; contacta a soporte.';
/**
 * A just-sealed document belongs to the request that sealed it this long (longer than any PAC call)
 * before the recovery job (recuperacion.ts) may resend it.
 */
export const ESPERA_PRIMER_REENVIO_MS = 2 * 60_000;
export const COMPROBANTE_NO_EXISTE = 'El comprobante no existe.';
const SERIE_NO_EXISTE = 'La serie no existe.';

/** The stored and PAC-facing key: the PAC sees every enterprise's keys, so ours carry the enterprise. */
export function claveIdempotencia(enterpriseId: number, key: string): string {
  return `${enterpriseId}:${key}`;
}

function referenciaCredito(idempotencyKey: string): string {
  return `timbrado:${idempotencyKey}`;
}

/** Seals, stamps and stores a new document; see the module comment for the steps. */
export async function timbrarComprobante(
  deps: TimbradoDeps,
  input: TimbrarComprobanteInput,
): Promise<ComprobanteRow> {
  const { enterpriseId } = input;
  const idempotencyKey = claveIdempotencia(enterpriseId, input.idempotencyKey ?? randomUUID());
  const instante = deps.now();
  // Reads outside any lock, in parallel; the earlier document wins over any error.
  const contextoP = readStampContext(deps.db, enterpriseId, input.serieId);
  const csdP = contextoP
    .then((ctx) => sellosParaFirmar(deps.db, deps.secret, enterpriseId, instante, ctx.sellosId))
    .then(
      (csd) => ({ csd }),
      (error: unknown) => ({ error }),
    );
  if (input.idempotencyKey) {
    const previo = await findComprobanteByIdempotencyKey(deps.db, enterpriseId, idempotencyKey);
    if (previo) {
      await csdP;
      return reanudar(deps, previo);
    }
  }
  const csdR = await csdP;
  if ('error' in csdR) throw csdR.error;
  const { csd } = csdR;
  const { serie } = await contextoP;
  if (!serie) throw new AppError('NOT_FOUND', SERIE_NO_EXISTE);
  // Local validation before any lock, on the document built with the serie's next folio as it
  // stands: a refusal here takes no credit and no folio. Inside the reservation the document is
  // built again only when the reserved folio is another one (a concurrent stamp took that one).
  const provisional: ContextoComprobante = {
    serie: serie.serie,
    folio: serie.folio,
    fecha: instante,
  };
  const borrador = input.buildComprobante(provisional);
  const errores = validateComprobante(borrador, { catalogos: deps.catalogos });
  if (errores.length > 0) {
    const porCampo: Record<string, string[]> = {};
    for (const e of errores) (porCampo[e.field || '_'] ??= []).push(e.message);
    throw new AppError('VALIDATION', porCampo, { persistent: true });
  }
  let sellado: ComprobanteRow;
  try {
    sellado = await withTransaction(deps.db, async (tx) => {
      // One statement: one credit and the next folio, both rows locked until commit.
      const r = await reserveCreditAndFolio(
        tx,
        enterpriseId,
        input.serieId,
        referenciaCredito(idempotencyKey),
      );
      if (!r.spent) {
        if (!(await enterpriseExists(tx, enterpriseId))) {
          throw new AppError('NOT_FOUND', 'La empresa no existe.');
        }
        throw new AppError('PAYMENT_REQUIRED', CREDITOS_INSUFICIENTES, {
          persistent: true,
          showToClient: true,
        });
      }
      const folio = r.folio;
      if (!folio) throw new AppError('NOT_FOUND', SERIE_NO_EXISTE);
      const cambio = (await input.enLaReserva?.antes?.(tx)) === true;
      const comprobante =
        !cambio && folio.serie === provisional.serie && folio.folio === provisional.folio
          ? borrador
          : input.buildComprobante({ serie: folio.serie, folio: folio.folio, fecha: instante });
      const xml = sellarComprobante(comprobante, csd);
      const row = await insertComprobanteSellado(tx, enterpriseId, {
        tipo: comprobante.TipoDeComprobante,
        serie_kind: folio.kind,
        serie_id: input.serieId,
        serie: folio.serie,
        folio: folio.folio,
        fecha: comprobante.Fecha,
        rfc_emisor: comprobante.Emisor.Rfc,
        rfc_receptor: comprobante.Receptor.Rfc,
        total: comprobante.Total,
        xml_sellado: xml,
        idempotency_key: idempotencyKey,
        reenvio_siguiente: new Date(instante.getTime() + ESPERA_PRIMER_REENVIO_MS),
      });
      await input.enLaReserva?.despues?.(tx, row);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      // Either the same key raced us (resume it) or the serie was set back onto used folios.
      const previo = await findComprobanteByIdempotencyKey(deps.db, enterpriseId, idempotencyKey);
      if (previo) return reanudar(deps, previo);
      throw new AppError(
        'CONFLICT',
        'El folio siguiente de la serie ya se usó en otro comprobante. Ajusta el folio de la serie para continuar.',
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

function reanudar(deps: TimbradoDeps, row: ComprobanteRow): Promise<ComprobanteRow> {
  if (row.status === 'sellada') return enviarAlPac(deps, row);
  if (row.status === 'rechazada') throw rechazo(row.rechazo_codigo, row.rechazo_mensaje);
  return Promise.resolve(row);
}

function rechazo(codigo: string, mensaje: string): AppError {
  return new AppError(
    'VALIDATION',
    `El PAC rechazó el comprobante${codigo ? ` (${codigo})` : ''}: ${mensaje}`,
    { persistent: true },
  );
}

/** The PAC's Spanish message with the incidencias and details it did not already say. */
export function mensajeDe(err: PacError): string {
  const partes = [err.message];
  for (const i of err.incidencias) {
    const texto = `${i.codigo} - ${i.mensaje}`;
    if (!partes.some((p) => p.includes(texto) || p.includes(i.mensaje))) partes.push(texto);
    if (i.detalle && !partes.some((p) => p.includes(i.detalle ?? ''))) partes.push(i.detalle);
  }
  return partes.join(' ');
}

async function enviarAlPac(deps: TimbradoDeps, row: ComprobanteRow): Promise<ComprobanteRow> {
  const enterpriseId = row.enterprise_id;
  const xml = row.xml_sellado;
  const key = row.idempotency_key;
  if (xml === null || key === null) throw new Error(`comprobante ${row.id} has no sealed XML`);
  const started = Date.now();
  let timbre: Pick<Timbre, 'xml' | 'uuid' | 'fechaTimbrado' | 'codigo' | 'mensaje' | 'raw'>;
  try {
    timbre = await deps.pac.timbrar(xml, { idempotencyKey: key });
  } catch (err) {
    const duration = Date.now() - started;
    const previo = err instanceof PacDuplicadoError ? err.timbrePrevio : undefined;
    if (previo?.xml && previo.uuid && previo.fechaTimbrado && mismoSello(previo.xml, xml)) {
      timbre = {
        xml: previo.xml,
        uuid: previo.uuid,
        fechaTimbrado: previo.fechaTimbrado,
        codigo: err instanceof PacError ? err.codigo : '307',
        mensaje: err instanceof Error ? err.message : '',
        raw: err instanceof PacError ? err.raw : '',
      };
    } else {
      await insertPacCall(deps.db, enterpriseId, {
        comprobante_id: row.id,
        operation: 'timbrar',
        outcome: err instanceof PacError ? err.kind : 'error',
        code: err instanceof PacError ? err.codigo : '',
        message: err instanceof Error ? err.message : String(err),
        raw: err instanceof PacError ? err.raw : '',
        duration_ms: duration,
      });
      if (err instanceof PacRechazoError) return rechazar(deps, enterpriseId, row, err);
      if (err instanceof PacError && err.kind === 'credenciales') {
        throw new AppError('BAD_GATEWAY', PAC_CREDENCIALES, { persistent: true });
      }
      if (err instanceof PacDuplicadoError && previo?.uuid) {
        // The PAC holds another document under this key: never take its stamp as ours.
        throw new AppError('CONFLICT', PAC_OTRO_TIMBRE, { persistent: true });
      }
      if (err instanceof PacError) {
        // Timeout, outage, unreadable answer or a 307 without the earlier stamp: the outcome is
        // unknown, so the document stays 'sellada' with its credit reserved, to be resent as is.
        throw new AppError('UNAVAILABLE', PAC_NO_RESPONDIO, { persistent: true });
      }
      throw err;
    }
  }
  const duration = Date.now() - started;
  const stored = await storeTimbrado(
    deps.db,
    enterpriseId,
    row.id,
    { code: timbre.codigo, message: timbre.mensaje, raw: timbre.raw, duration_ms: duration },
    { xml: timbre.xml, uuid: timbre.uuid, fecha_timbrado: timbre.fechaTimbrado },
  );
  if (stored) {
    return {
      ...row,
      status: 'timbrada',
      xml_timbrado: timbre.xml,
      uuid: timbre.uuid,
      fecha_timbrado: timbre.fechaTimbrado,
    };
  }
  // A concurrent resend stored the answer first: it must be the same stamp.
  const current = await findComprobante(deps.db, enterpriseId, row.id);
  if (!current || current.uuid !== timbre.uuid) {
    throw new Error(
      `comprobante ${row.id}: the PAC answered UUID ${timbre.uuid} but ${current?.uuid ?? 'none'} is stored`,
    );
  }
  return current;
}

/** The earlier stamp the PAC gave back is of this very sealed XML (its SelloCFD is our Sello). */
function mismoSello(timbrado: string, sellado: string): boolean {
  const sello = /<cfdi:Comprobante\b[^>]*?\sSello="([^"]+)"/.exec(sellado)?.[1];
  return sello !== undefined && timbrado.includes(`SelloCFD="${sello}"`);
}

async function rechazar(
  deps: TimbradoDeps,
  enterpriseId: number,
  row: ComprobanteRow,
  err: PacRechazoError,
): Promise<never> {
  const mensaje = mensajeDe(err);
  await withTransaction(deps.db, async (tx) => {
    const updated = await updateComprobanteFrom(tx, enterpriseId, row.id, ['sellada'], {
      status: 'rechazada',
      rechazo_codigo: err.codigo,
      rechazo_mensaje: mensaje,
    });
    if (updated && row.idempotency_key) {
      await refundCredit(tx, enterpriseId, referenciaCredito(row.idempotency_key));
    }
  });
  throw rechazo(err.codigo, mensaje);
}
