import {
  clasificarAceptacion,
  explicarAceptacion,
  plazoDeCancelacion,
  ZONA_CENTRO,
} from '@repo/cfdi/cancelacion';
import { instanteDeFechaLocal } from '@repo/cfdi/fecha';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { AvisoCancelacion } from '@repo/contracts/comprobantes';
import type { SustitucionEstado } from '@repo/contracts/emision';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { NO_TIMBRADO } from '../timbrado/cancelacion.service.ts';
import { findSustitucionDe } from '../timbrado/sustitucion.queries.ts';
import {
  completarSustitucion,
  SIN_SUSTITUCION_PENDIENTE,
} from '../timbrado/sustitucion.service.ts';
import { findComprobante, type ComprobanteRow } from '../timbrado/timbrado.queries.ts';
import { COMPROBANTE_NO_EXISTE, type TimbradoDeps } from '../timbrado/timbrado.service.ts';
import { pagosEnVigor } from './pagos-en-vigor.queries.ts';

/**
 * What the cancel dialog of any type says before the user confirms (issue 25): the SAT's
 * acceptance rule (regla 2.7.1.35 RMF, one implementation in @repo/cfdi/cancelacion, the same the
 * sandbox PAC applies), the deadline, the payment complements to cancel first, and the state of a
 * substitution ("Sustituir") this comprobante takes part in.
 */

const nombre = (c: { serie: string; folio: number | null }) =>
  [c.serie, c.folio].filter((x) => x !== null && x !== '').join('-');

async function timbradoOCancelado(db: Db, enterpriseId: number, id: number) {
  const row = await findComprobante(db, enterpriseId, id);
  if (!row || row.status === 'pre_factura') throw new AppError('NOT_FOUND', COMPROBANTE_NO_EXISTE);
  if ((row.status !== 'timbrada' && row.status !== 'cancelada') || !row.uuid)
    throw new AppError('CONFLICT', NO_TIMBRADO);
  return row;
}

/** The substitution this comprobante takes part in, as the screens show it. */
export async function estadoSustitucion(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<SustitucionEstado | null> {
  const s = await findSustitucionDe(db, enterpriseId, id);
  if (!s) return null;
  const [sustituto, original] = await Promise.all([
    findComprobante(db, enterpriseId, s.sustituto_id),
    findComprobante(db, enterpriseId, s.original_id),
  ]);
  if (!sustituto || !original) return null;
  const parte = (c: ComprobanteRow) => ({ id: c.id, nombre: nombre(c), uuid: c.uuid });
  return {
    rol: s.sustituto_id === id ? 'sustituto' : 'original',
    estado: s.estado,
    ultimo_error: s.ultimo_error,
    intentos: s.intentos,
    sustituto: parte(sustituto),
    original: parte(original),
  };
}

function aceptacionDe(row: ComprobanteRow, ahora: Date): AvisoCancelacion['aceptacion'] {
  const xml = parseComprobanteXml(row.xml_timbrado ?? '');
  const c = clasificarAceptacion(
    {
      tipoDeComprobante: row.tipo,
      rfcReceptor: row.rfc_receptor,
      total: row.total,
      moneda: xml.Moneda,
      tipoCambio: xml.TipoCambio,
      instanteTimbrado: instanteDeFechaLocal(row.fecha_timbrado ?? row.fecha, ZONA_CENTRO),
    },
    ahora,
  );
  return {
    es_cancelable: c.esCancelable,
    motivo: c.motivo,
    explicacion: explicarAceptacion(c),
    plazo_receptor: c.plazoReceptor?.toISOString() ?? null,
  };
}

/** GET /comprobantes/v40/{id}/cancelacion. */
export async function avisoCancelacion(
  deps: Pick<TimbradoDeps, 'db' | 'now'>,
  enterpriseId: number,
  id: number,
): Promise<AvisoCancelacion> {
  const row = await timbradoOCancelado(deps.db, enterpriseId, id);
  const pagos = await pagosEnVigor(deps.db, enterpriseId, [id]);
  return {
    aceptacion: aceptacionDe(row, deps.now()),
    plazo_cancelacion: plazoDeCancelacion(
      row.fecha_timbrado ?? row.fecha,
      row.rfc_emisor,
    ).toISOString(),
    // Newest first: the order in which they are cancelled (cfdi40-rules.md 9.4).
    cancelar_primero: pagos.reverse().map((p) => ({
      id: p.id,
      tipo: 'P',
      nombre: nombre({ serie: p.serie, folio: p.folio }),
      uuid: p.uuid ? p.uuid.toUpperCase() : null,
      factura_id: p.factura_id,
    })),
    sustitucion: await estadoSustitucion(deps.db, enterpriseId, id),
  };
}

/**
 * POST /comprobantes/v40/{id}/sustitucion/reintentar: the pending cancellation (motivo 01) of the
 * original that the substitute `id`, or the original `id`, takes part in, tried now.
 */
export async function reintentarSustitucion(
  deps: TimbradoDeps,
  enterpriseId: number,
  id: number,
): Promise<SustitucionEstado> {
  const s = await findSustitucionDe(deps.db, enterpriseId, id);
  if (!s || s.estado !== 'pendiente') throw new AppError('CONFLICT', SIN_SUSTITUCION_PENDIENTE);
  await completarSustitucion(deps, enterpriseId, s.sustituto_id);
  const estado = await estadoSustitucion(deps.db, enterpriseId, id);
  if (!estado) throw new AppError('NOT_FOUND', COMPROBANTE_NO_EXISTE);
  return estado;
}
