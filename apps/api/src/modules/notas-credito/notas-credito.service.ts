import type {
  CancelarNotaCreditoRequest,
  CancelarNotaCreditoResponse,
  NotaCreditoItem,
  NotaCreditoRequest,
  NotaCreditoResponse,
  NotasCreditoQuery,
  NotasCreditoResponse,
} from '@repo/contracts/notas-credito';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../credits/credits.service.ts';
import { cancelarDocumento } from '../timbrado/cancelacion.service.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import type { TimbradoDeps } from '../timbrado/timbrado.service.ts';
import {
  NOTA_NO_EXISTE,
  NOTA_SIN_SUSTITUTO,
  NOTA_YA_CANCELADA,
  SOLO_NOTA_TIMBRADA,
} from './nota-credito-mensajes.ts';
import { notaCredito } from './nota-credito-tipo.ts';
import { findNotaCredito, listNotasCredito, type NotaCreditoRow } from './notas-credito.queries.ts';

type Deps = TimbradoDeps & Pick<AppDeps, 'catalogos'>;

/** Amounts as the currency writes them (the table keeps 6 decimals). */
const importe = (x: string) => {
  const [e = '0', f = ''] = x.split('.');
  return `${e}.${(f.replace(/0+$/, '') || '').padEnd(2, '0')}`;
};

function item(r: NotaCreditoRow): NotaCreditoItem {
  return {
    ...r,
    subtotal: importe(r.subtotal),
    total: importe(r.total),
    facturas: r.facturas.map((f) => ({ ...f, importe: importe(f.importe) })),
  };
}

/**
 * POST /facturacion/V40/nota-credito: the CFDI de egreso through the shared lifecycle (one credit,
 * the serie's next folio, sealed, PAC). Nothing is stamped when a rule refuses it.
 */
export async function emitirNotaCredito(
  deps: Deps,
  enterpriseId: number,
  request: NotaCreditoRequest,
): Promise<NotaCreditoResponse> {
  const row = await emitirDocumento(deps, notaCredito(deps), enterpriseId, request, {
    idempotencyKey: request.idempotency_key ?? null,
  });
  const nota = await findNotaCredito(deps.db, enterpriseId, row.id);
  if (!nota) throw new Error(`nota de crédito ${row.id} was stamped without its data`);
  return {
    data: item(nota),
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
  };
}

/** GET /facturacion/V40/nota-credito/{id}. */
export async function detalleNotaCredito(
  deps: Pick<AppDeps, 'db'>,
  enterpriseId: number,
  id: number,
): Promise<NotaCreditoItem> {
  const nota = await findNotaCredito(deps.db, enterpriseId, id);
  if (!nota) throw new AppError('NOT_FOUND', NOTA_NO_EXISTE);
  return item(nota);
}

/** GET /facturacion/V40/nota-credito: newest first, by status, client, invoice and dates. */
export async function listarNotasCredito(
  deps: Pick<AppDeps, 'db'>,
  enterpriseId: number,
  q: NotasCreditoQuery,
): Promise<NotasCreditoResponse> {
  const { rows, total } = await listNotasCredito(deps.db, enterpriseId, q);
  return { data: rows.map(item), total, page: q.page, page_size: q.page_size };
}

/**
 * POST /facturacion/V40/nota-credito/{id}/cancelar: through the PAC; once cancelled the note no
 * longer takes anything off its invoices.
 */
export async function cancelarNotaCredito(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: CancelarNotaCreditoRequest,
): Promise<CancelarNotaCreditoResponse> {
  const nota = await findNotaCredito(deps.db, enterpriseId, id);
  if (!nota) throw new AppError('NOT_FOUND', NOTA_NO_EXISTE);
  const { estado } = await cancelarDocumento(deps, {
    enterpriseId,
    documento: nota,
    motivo: request.motivo,
    folioSustitucion: request.folio_sustitucion,
    mensajes: {
      yaCancelado: NOTA_YA_CANCELADA,
      soloTimbrado: SOLO_NOTA_TIMBRADA,
      sinSustituto: NOTA_SIN_SUSTITUTO,
    },
  });
  const actual = await findNotaCredito(deps.db, enterpriseId, id);
  return { data: item(actual ?? nota), estado: estado.estado };
}
