import {
  PacError,
  PacRechazoError,
  type EstadoCfdi,
  type MotivoCancelacion,
  type RespuestaPac,
} from '@repo/pac';
import { pacDelComprobante } from '../../pac/create-pac.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { loadSellosForSigning } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import {
  findComprobante,
  findTimbradaByUuid,
  insertPacCall,
  updateComprobanteFrom,
  type ComprobanteRow,
} from './timbrado.queries.ts';
import {
  COMPROBANTE_NO_EXISTE,
  PAC_CREDENCIALES,
  mensajeDe,
  type TimbradoDeps,
} from './timbrado.service.ts';

/**
 * Cancellation and SAT status of a stamped comprobante through the configured PAC. A cancellation is
 * a multi-day state machine (market-and-pacs.md 3.4): code 201 only means the request was received,
 * so the stored status follows what the SAT status service says: 'cancelada' only once Estado is
 * Cancelado; meanwhile estatus_cancelacion shows 'En proceso' and the like.
 */

export const NO_TIMBRADO = 'Solo se puede cancelar o consultar un comprobante timbrado.';
export const PAC_NO_DISPONIBLE_CONSULTA =
  'El PAC no respondió. Inténtelo de nuevo en unos momentos; no se ha perdido ninguna solicitud.';

type Deps = Pick<TimbradoDeps, 'db' | 'secret' | 'now' | 'pac' | 'pacPruebas'>;

async function timbrado(deps: Deps, enterpriseId: number, id: number): Promise<ComprobanteRow> {
  const row = await findComprobante(deps.db, enterpriseId, id);
  if (!row || row.status === 'pre_factura') throw new AppError('NOT_FOUND', COMPROBANTE_NO_EXISTE);
  if ((row.status !== 'timbrada' && row.status !== 'cancelada') || !row.uuid) {
    throw new AppError('CONFLICT', NO_TIMBRADO);
  }
  return row;
}

/** Calls the PAC, storing its raw answer (or its typed failure) for the comprobante. */
async function llamar<T extends RespuestaPac>(
  deps: Deps,
  row: ComprobanteRow,
  operation: 'cancelar' | 'consultar',
  call: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  try {
    const answer = await call();
    await insertPacCall(deps.db, row.enterprise_id, {
      comprobante_id: row.id,
      operation,
      outcome: 'ok',
      code: answer.codigo,
      message: answer.mensaje,
      raw: answer.raw,
      duration_ms: Date.now() - started,
    });
    return answer;
  } catch (err) {
    await insertPacCall(deps.db, row.enterprise_id, {
      comprobante_id: row.id,
      operation,
      outcome: err instanceof PacError ? err.kind : 'error',
      code: err instanceof PacError ? err.codigo : '',
      message: err instanceof Error ? err.message : String(err),
      raw: err instanceof PacError ? err.raw : '',
      duration_ms: Date.now() - started,
    });
    if (err instanceof PacRechazoError) {
      throw new AppError(
        'VALIDATION',
        `El PAC rechazó la solicitud (${err.codigo}): ${mensajeDe(err)}`,
        {
          persistent: true,
        },
      );
    }
    if (err instanceof PacError && err.kind === 'credenciales') {
      throw new AppError('BAD_GATEWAY', PAC_CREDENCIALES, { persistent: true });
    }
    if (err instanceof PacError) {
      throw new AppError('UNAVAILABLE', PAC_NO_DISPONIBLE_CONSULTA, { persistent: true });
    }
    throw err;
  }
}

/**
 * Stores the SAT status: 'cancelada' once the SAT says Cancelado. A cancellation's outcome that
 * changed (accepted, refused by the receiver, in process) is recorded in the log with it.
 */
async function guardarEstado(deps: Deps, row: ComprobanteRow, estado: EstadoCfdi) {
  const quien = quienActua();
  return withTransaction(deps.db, async (tx) => {
    const updated = await updateComprobanteFrom(
      tx,
      row.enterprise_id,
      row.id,
      ['timbrada', 'cancelada'],
      {
        estatus_cancelacion: estado.estatusCancelacion,
        ...(estado.estado === 'Cancelado' ? { status: 'cancelada' as const } : {}),
      },
    );
    const cancelada = estado.estado === 'Cancelado' && row.status !== 'cancelada';
    const cambio = estado.estatusCancelacion !== row.estatus_cancelacion;
    if (updated && (cancelada || (cambio && estado.estatusCancelacion !== ''))) {
      await registrarAuditoria(tx, row.enterprise_id, quien, {
        accion: 'cancelacion_resultado',
        comprobanteId: row.id,
        detalles: {
          estatus: [estado.estado, estado.estatusCancelacion].filter(Boolean).join(' · '),
        },
      });
    }
    return updated ?? row;
  });
}

function ultimos8DelSello(xml: string | null): string | undefined {
  const m = xml?.match(/<cfdi:Comprobante\b[^>]*?\sSello="([^"]*)"/);
  return m?.[1] ? m[1].slice(-8) : undefined;
}

export async function consultarEstadoComprobante(
  deps: Deps,
  input: { enterpriseId: number; comprobanteId: number },
): Promise<{ comprobante: ComprobanteRow; estado: EstadoCfdi }> {
  const row = await timbrado(deps, input.enterpriseId, input.comprobanteId);
  const sello8 = ultimos8DelSello(row.xml_sellado);
  const estado = await llamar(deps, row, 'consultar', () =>
    pacDelComprobante(deps, row).consultarEstado({
      uuid: row.uuid ?? '',
      rfcEmisor: row.rfc_emisor,
      rfcReceptor: row.rfc_receptor,
      total: row.total,
      ...(sello8 ? { sello8 } : {}),
    }),
  );
  return { comprobante: await guardarEstado(deps, row, estado), estado };
}

export async function cancelarComprobante(
  deps: Deps,
  input: {
    enterpriseId: number;
    comprobanteId: number;
    motivo: MotivoCancelacion;
    /** UUID of the replacing comprobante; motivo 01 only. */
    folioSustitucion?: string;
  },
): Promise<{ comprobante: ComprobanteRow; estado: EstadoCfdi }> {
  const quien = quienActua();
  const row = await timbrado(deps, input.enterpriseId, input.comprobanteId);
  if (row.status === 'cancelada') {
    throw new AppError('CONFLICT', 'El comprobante ya está cancelado.');
  }
  const csd = await loadSellosForSigning(deps.db, deps.secret, input.enterpriseId, deps.now());
  const resultado = await llamar(deps, row, 'cancelar', () =>
    pacDelComprobante(deps, row).cancelar({
      uuid: row.uuid ?? '',
      rfcEmisor: row.rfc_emisor,
      motivo: input.motivo,
      ...(input.folioSustitucion ? { folioSustitucion: input.folioSustitucion } : {}),
      csd: { certificado: Buffer.from(csd.certificado.base64, 'base64'), llave: csd.llave },
    }),
  );
  await withTransaction(deps.db, async (tx) => {
    await updateComprobanteFrom(tx, row.enterprise_id, row.id, ['timbrada'], {
      motivo_cancelacion: input.motivo,
      folio_sustitucion: input.folioSustitucion ?? '',
    });
    await registrarAuditoria(tx, row.enterprise_id, quien, {
      accion: 'cancelacion_solicitada',
      comprobanteId: row.id,
      detalles: {
        motivo: input.motivo,
        ...(input.folioSustitucion ? { folio_sustitucion: input.folioSustitucion } : {}),
        codigo: resultado.codigo,
      },
    });
  });
  if (resultado.estado) {
    return {
      comprobante: await guardarEstado(deps, row, resultado.estado),
      estado: resultado.estado,
    };
  }
  // 201 only says the request was received: ask the SAT status service where it stands.
  return consultarEstadoComprobante(deps, input);
}

/**
 * Motivo 01 needs a stamped, vigente replacement of this enterprise that relates this document with
 * TipoRelacion 04 (cfdi40-rules 9.1); motivo 04 never reaches here (the contracts refuse it).
 */
async function exigirSustituto(
  deps: Deps,
  enterpriseId: number,
  uuid: string,
  folio: string,
  mensaje: string,
) {
  const sustituto = await findTimbradaByUuid(deps.db, enterpriseId, folio);
  if (!sustituto || sustituto.status !== 'timbrada' || !sustituto.xml_timbrado) {
    throw new AppError('VALIDATION', { folio_sustitucion: [mensaje] });
  }
  const c = parseComprobanteXml(sustituto.xml_timbrado);
  const relaciona = (c.CfdiRelacionados ?? []).some(
    (r) => r.TipoRelacion === '04' && r.CfdiRelacionado.some((x) => x.UUID.toUpperCase() === uuid),
  );
  if (!relaciona) throw new AppError('VALIDATION', { folio_sustitucion: [mensaje] });
}

/**
 * Cancels a document of any type as its screens ask: the type's own messages for a document that is
 * already cancelled, not stamped, or (motivo 01) without a replacement; then the PAC.
 */
export async function cancelarDocumento(
  deps: Deps,
  input: {
    enterpriseId: number;
    documento: { id: number; status: string; uuid: string | null };
    motivo: MotivoCancelacion;
    folioSustitucion?: string | null | undefined;
    mensajes: { yaCancelado: string; soloTimbrado: string; sinSustituto: string };
  },
) {
  const { documento: row, mensajes } = input;
  if (row.status === 'cancelada') throw new AppError('CONFLICT', mensajes.yaCancelado);
  if (row.status !== 'timbrada' || !row.uuid) {
    throw new AppError('CONFLICT', mensajes.soloTimbrado);
  }
  if (input.motivo === '01') {
    await exigirSustituto(
      deps,
      input.enterpriseId,
      row.uuid.toUpperCase(),
      input.folioSustitucion ?? '',
      mensajes.sinSustituto,
    );
  }
  return cancelarComprobante(deps, {
    enterpriseId: input.enterpriseId,
    comprobanteId: row.id,
    motivo: input.motivo,
    ...(input.folioSustitucion ? { folioSustitucion: input.folioSustitucion } : {}),
  });
}
