import {
  RECIBOS_GLOBAL_MENSAJES,
  type FacturaGlobalDraft,
  type RecibosDelPeriodoResponse,
} from '@repo/contracts/facturas-globales';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  marcarEnGlobal,
  recibosAbiertosDelPeriodo,
  ventasDeRecibos,
} from '../recibos/recibos-en-global.ts';
import { zonaDe } from '../recibos/recibos.service.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';
import type { Deps } from './facturas-globales.service.ts';
import { gruposDeRubros, periodoDe } from './global-builder.ts';

/**
 * GET .../facturas-globales/recibos-del-periodo: the period's open sales receipts as the global's
 * sales (issue 28). The period's days are the emisor's (its postal code's zone), as the global's.
 */
export async function recibosDelPeriodo(
  deps: Deps,
  enterpriseId: number,
  q: Pick<FacturaGlobalDraft, 'periodicidad' | 'year' | 'month'> & { dia: string | null },
): Promise<RecibosDelPeriodoResponse> {
  const p = periodoDe(q);
  const zona = await zonaDe(deps, enterpriseId);
  const recibos = await recibosAbiertosDelPeriodo(deps.db, enterpriseId, {
    zona,
    inicio: p.inicio,
    fin: p.fin,
  });
  const { ok } = gruposDeRubros(await getRubros(deps.db, enterpriseId));
  return ventasDeRecibos(deps, enterpriseId, recibos, ok);
}

/**
 * The stamp's transaction: the receipts of the global's sales are marked as in it, or the stamp is
 * refused (nothing is stamped, no credit spent) when one is no longer open.
 */
export async function tomarRecibos(
  tx: Db,
  enterpriseId: number,
  globalId: number,
  draft: FacturaGlobalDraft,
  sustituye: number | null,
) {
  const recibos = draft.partidas.flatMap((p) =>
    p.recibo_id ? [{ id: p.recibo_id, folio: p.folioVenta }] : [],
  );
  const fuera = await marcarEnGlobal(tx, enterpriseId, globalId, recibos, sustituye);
  if (fuera.length > 0)
    throw new AppError('CONFLICT', RECIBOS_GLOBAL_MENSAJES.yaEnGlobal(fuera.join(', ')));
}
