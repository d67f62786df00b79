import type { FacturaGlobalResponse, PartidaGlobal } from '@repo/contracts/facturas-globales';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../credits/credits.service.ts';
import { cancelarDocumento } from '../timbrado/cancelacion.service.ts';
import { findGlobal } from './facturas-globales.queries.ts';
import {
  GLOBAL_NO_EXISTE,
  getGlobal,
  timbrarGlobal,
  type Deps,
} from './facturas-globales.service.ts';

/**
 * A sale that went into a stamped global invoice and whose customer later asks for their own CFDI
 * (cancellation motive 04, "Operación nominativa relacionada en una factura global"). The SAT's
 * procedure (Anexo 20, c_MotivoCancelacion 04, and the SAT's cancellation scenarios, scenario 4
 * "Operación nominativa relacionada en la factura global"): 1. request the cancellation of the global
 * with motive 04; 2. issue the global again without the amount of that sale; 3. issue the nominative
 * CFDI the customer asked for. Steps 1 and 2 happen here, in that order; step 3 is the income invoice
 * the user issues next for that customer. Motive 04 is never offered in the cancellation dialog.
 */

export const VENTA_NO_ESTA = (folio: string) => `La venta ${folio} no está en esta factura global.`;
export const SOLO_TIMBRADA_NOMINATIVA =
  'Solo una venta de una factura global timbrada puede facturarse a un cliente con este procedimiento.';
export const SIN_CREDITO_REEXPEDIR =
  'Para facturar esta venta a un cliente se vuelve a timbrar la factura global sin ella, y eso usa 1 crédito: compre créditos primero.';
export const CANCELACION_PENDIENTE =
  'El SAT aún no confirma la cancelación de la factura global: vuelva a intentarlo en unos minutos para timbrar la factura global sin esta venta.';

export interface VentaNominativaResultado {
  cancelada: FacturaGlobalResponse;
  /** The global of the same period without the sale; null when the sale was its only one. */
  reexpedida: FacturaGlobalResponse | null;
  venta: PartidaGlobal;
}

/**
 * POST .../facturas-globales/{id}/venta-nominativa: cancels the global with motive 04 and stamps it
 * again without the sale. A retry after a failure between the two steps finds the global already
 * cancelled with motive 04 and only stamps the replacement (its idempotency key is fixed by the
 * global and the sale, so it is never stamped twice).
 */
export async function facturarVentaDeGlobal(
  deps: Deps,
  enterpriseId: number,
  id: number,
  folioVenta: string,
): Promise<VentaNominativaResultado> {
  const row = await findGlobal(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', GLOBAL_NO_EXISTE);
  const folio = folioVenta.trim();
  const detalle = await getGlobal(deps, enterpriseId, id);
  const venta = detalle.partidas.find((p) => p.folioVenta === folio);
  if (!venta) throw new AppError('VALIDATION', { folioVenta: [VENTA_NO_ESTA(folio)] });
  const reintento = row.status === 'cancelada' && row.motivo_cancelacion === '04';
  if (!reintento && row.status !== 'timbrada')
    throw new AppError('CONFLICT', SOLO_TIMBRADA_NOMINATIVA);
  const resto = row.draft.partidas.filter((p) => p.folioVenta !== folio);
  if (!reintento) {
    if (resto.length > 0 && (await getBalance(deps.db, enterpriseId)) < 1)
      throw new AppError('CONFLICT', SIN_CREDITO_REEXPEDIR);
    const { comprobante } = await cancelarDocumento(deps, {
      enterpriseId,
      documento: { id: row.id, status: row.status, uuid: row.uuid },
      motivo: '04',
      mensajes: {
        yaCancelado: SOLO_TIMBRADA_NOMINATIVA,
        soloTimbrado: SOLO_TIMBRADA_NOMINATIVA,
        sinSustituto: SOLO_TIMBRADA_NOMINATIVA,
      },
    });
    // A global to the público en general is cancelled without the receiver's acceptance (RMF
    // 2.7.1.35); should the PAC still answer "in process", the replacement waits for a retry.
    if (comprobante.status !== 'cancelada') throw new AppError('CONFLICT', CANCELACION_PENDIENTE);
  }
  const reexpedida =
    resto.length === 0
      ? null
      : await timbrarGlobal(deps, enterpriseId, {
          ...row.draft,
          creationDate: null,
          partidas: resto,
          id: null,
          idempotency_key: `venta-nominativa:${row.id}:${folio}`.slice(0, 100),
        });
  return { cancelada: await getGlobal(deps, enterpriseId, id), reexpedida, venta };
}
