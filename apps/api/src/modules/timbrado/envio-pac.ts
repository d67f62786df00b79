import { PacDuplicadoError, PacError, PacRechazoError, type Timbre } from '@repo/pac';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { pacDelComprobante } from '../../pac/create-pac.ts';
import { refundCredit } from '../credits/credits.service.ts';
import {
  findComprobante,
  insertPacCall,
  updateComprobanteFrom,
  type ComprobanteRow,
} from './timbrado.queries.ts';
import { guardarRespuesta } from './respuestas.queries.ts';
import type { TimbradoDeps } from './timbrado.service.ts';

/**
 * Step 2 and 3 of the stamping service (timbrado.service.ts): the stored bytes sent to the PAC with
 * the idempotency key, and its answer stored (stamped, rejected with the credit refunded, or still
 * sealed when the outcome is unknown).
 */

export const PAC_NO_RESPONDIO =
  'El PAC no respondió. El comprobante quedó sellado y se reenviará sin cambios: nunca se timbra dos veces. Inténtelo de nuevo en unos momentos.';
export const PAC_CREDENCIALES =
  'No se pudo autenticar con el PAC. Revise la configuración del PAC; el comprobante quedó sellado y se reenviará sin cambios.';
export const PAC_OTRO_TIMBRE =
  'El PAC tiene otro comprobante timbrado con la misma clave de envío. El comprobante quedó sellado sin timbrar; contacte a soporte.';
export function referenciaCredito(idempotencyKey: string): string {
  return `timbrado:${idempotencyKey}`;
}

export function rechazo(codigo: string, mensaje: string): AppError {
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

export async function enviarAlPac(
  deps: TimbradoDeps,
  row: ComprobanteRow,
): Promise<ComprobanteRow> {
  const enterpriseId = row.enterprise_id;
  const xml = row.xml_sellado;
  const key = row.idempotency_key;
  if (xml === null || key === null) throw new Error(`comprobante ${row.id} has no sealed XML`);
  const started = Date.now();
  let timbre: Pick<Timbre, 'xml' | 'uuid' | 'fechaTimbrado' | 'codigo' | 'mensaje' | 'raw'>;
  try {
    timbre = await pacDelComprobante(deps, row).timbrar(xml, { idempotencyKey: key });
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
  const stored = await guardarRespuesta(deps.db, {
    enterpriseId,
    id: row.id,
    call: { code: timbre.codigo, message: timbre.mensaje, raw: timbre.raw, duration_ms: duration },
    timbre: { xml: timbre.xml, uuid: timbre.uuid, fecha_timbrado: timbre.fechaTimbrado },
  });
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
  const quien = quienActua();
  await withTransaction(deps.db, async (tx) => {
    const updated = await updateComprobanteFrom(tx, enterpriseId, row.id, ['sellada'], {
      status: 'rechazada',
      rechazo_codigo: err.codigo,
      rechazo_mensaje: mensaje,
    });
    if (updated && row.idempotency_key) {
      await refundCredit(tx, enterpriseId, referenciaCredito(row.idempotency_key));
    }
    if (updated) {
      await registrarAuditoria(tx, enterpriseId, quien, {
        accion: 'timbrado_rechazado',
        comprobanteId: row.id,
        detalles: { codigo: err.codigo, mensaje },
      });
    }
  });
  throw rechazo(err.codigo, mensaje);
}
