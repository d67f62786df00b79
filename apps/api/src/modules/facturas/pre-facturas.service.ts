import type { FacturaDraft, FacturaDraftRequest } from '@repo/contracts/facturas';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { cargarContexto, validarPrevia, type Deps } from './factura-tipo.ts';
import {
  deletePreFactura,
  draftRowValues,
  insertPreFactura,
  updatePreFactura,
} from './facturas-borrador.queries.ts';
import { getFactura, preFactura, sinClave } from './facturas.service.ts';

/** Pre-invoices saved, edited and deleted (no folio, no credit); stamped in factura-timbrado. */

export const SOLO_PRE_FACTURA_EDITAR =
  'Solo se puede editar una pre-factura: una factura timbrada ya no cambia.';
export const SOLO_PRE_FACTURA_ELIMINAR =
  'Solo se puede eliminar una pre-factura: una factura timbrada se cancela.';

async function prepararPreFactura(deps: Deps, enterpriseId: number, draft: FacturaDraft) {
  const ctx = await cargarContexto(deps, enterpriseId, draft);
  const comprobante = await validarPrevia(deps, ctx, draft, deps.now(), { timbrando: false });
  return {
    // What the answer's detail is built from: just read, not read again (issue 26).
    cargados: { ctx, errores: {}, datosFiscalesCompletos: true },
    comprobante: {
      serie_id: ctx.serie.id,
      serie: ctx.serie.serie,
      fecha: comprobante.Fecha,
      rfc_emisor: comprobante.Emisor.Rfc,
      rfc_receptor: comprobante.Receptor.Rfc,
      total: comprobante.Total,
    },
    values: draftRowValues(draft, {
      rfc: comprobante.Receptor.Rfc,
      nombre: comprobante.Receptor.Nombre,
    }),
  };
}

/** POST /facturacion/V40/pre-facturas-ingreso: saves a pre-invoice (no folio, no credit). */
export async function savePreFactura(
  deps: Deps,
  enterpriseId: number,
  request: FacturaDraftRequest,
) {
  const p = await prepararPreFactura(deps, enterpriseId, sinClave(request));
  const id = await withTransaction(deps.db, (tx) =>
    insertPreFactura(tx, enterpriseId, p.comprobante, p.values),
  );
  return getFactura(deps, enterpriseId, id, p.cargados);
}

/** PUT /facturacion/V40/pre-facturas-ingreso/{id}: replaces a pre-invoice's data. */
export async function updatePreFacturaDraft(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: FacturaDraftRequest,
) {
  await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_EDITAR);
  const p = await prepararPreFactura(deps, enterpriseId, sinClave(request));
  const ok = await withTransaction(deps.db, (tx) =>
    updatePreFactura(tx, enterpriseId, id, p.comprobante, p.values),
  );
  if (!ok) throw new AppError('CONFLICT', SOLO_PRE_FACTURA_EDITAR);
  return getFactura(deps, enterpriseId, id, p.cargados);
}

/** DELETE /facturacion/V40/pre-facturas-ingreso/{id}. */
export async function removePreFactura(deps: Deps, enterpriseId: number, id: number) {
  await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_ELIMINAR);
  const ok = await withTransaction(deps.db, (tx) => deletePreFactura(tx, enterpriseId, id));
  if (!ok) throw new AppError('CONFLICT', SOLO_PRE_FACTURA_ELIMINAR);
}
