import type { FacturaDraft, FacturaDraftRequest } from '@repo/contracts/facturas';
import { withTransaction } from '../../db/transaction.ts';
import { getBalance } from '../credits/credits.service.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import { facturaIngreso, type Deps } from './factura-tipo.ts';
import { deletePreFactura } from './facturas-borrador.queries.ts';
import { marcarFacturasPpd } from './ppd-pendientes.queries.ts';
import { findFactura, findFacturaDePreFactura } from './facturas.queries.ts';
import { getFactura, preFactura, sinClave, type DatosDelDraft } from './facturas.service.ts';

/** Stamping an invoice: a new one, or a pre-invoice (as saved or with edited data). */

export const SOLO_PRE_FACTURA_TIMBRAR = 'Esta factura ya fue timbrada.';

/**
 * Stamps a draft through the shared lifecycle (timbrado/emision.ts). From a pre-invoice, the stamped
 * invoice replaces it (a new id, answered); the key of a pre-invoice's attempt is
 * `pre-factura:<id>:<n>`, stable until the PAC rejects one.
 */
async function timbrarDraft(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
  origen: { preFacturaId: number | null; idempotencyKey: string | null },
  sustituye: number | null = null,
) {
  // The master data the stamp loaded answers the request too: the stamped invoice's detail is
  // built from it in memory instead of being read again (issue 26: one round trip each).
  let cargados: DatosDelDraft | undefined;
  const tipo = facturaIngreso(deps);
  const cargarContexto = tipo.cargarContexto;
  tipo.cargarContexto = async (e, d) => {
    const ctx = await cargarContexto(e, d);
    cargados = { ctx, errores: {}, datosFiscalesCompletos: true };
    return ctx;
  };
  const stamped = await emitirDocumento(
    deps,
    tipo,
    enterpriseId,
    draft,
    origen.preFacturaId !== null
      ? { borrador: { prefijo: `pre-factura:${origen.preFacturaId}:` } }
      : { idempotencyKey: origen.idempotencyKey },
    { sustituye: sustituye === null ? null : { id: sustituye } },
  );
  if (origen.preFacturaId !== null) {
    const preFacturaId = origen.preFacturaId;
    await withTransaction(deps.db, (tx) => deletePreFactura(tx, enterpriseId, preFacturaId));
  }
  // settings_v40.has_ppd_invoices: true from the first stamped PPD invoice on.
  if (draft.metodo_pago === 'PPD') await marcarFacturasPpd(deps.db, enterpriseId);
  const [factura, creditos] = await Promise.all([
    getFactura(deps, enterpriseId, stamped.id, cargados),
    getBalance(deps.db, enterpriseId),
  ]);
  return { factura, user_total_remaining_credits: creditos };
}

/**
 * POST /facturacion/V40/facturas-ingreso: creates and stamps. The attempt's key comes from the
 * `Idempotency-Key` header or, failing that, the body's `idempotency_key`. With `?sustituye=<id>`
 * it is the substitute of that invoice (relation 04, then the original cancelled with motivo 01).
 */
export function createFactura(
  deps: Deps,
  enterpriseId: number,
  request: FacturaDraftRequest,
  headerKey: string | null = null,
  sustituye: number | null = null,
) {
  return timbrarDraft(
    deps,
    enterpriseId,
    sinClave(request),
    { preFacturaId: null, idempotencyKey: headerKey ?? request.idempotency_key },
    sustituye,
  );
}

/** POST .../pre-facturas-ingreso/{id}/timbrar (edited data) and .../timbrar-with-pre-factura-original-data. */
export async function timbrarPreFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
  request: FacturaDraftRequest | null,
) {
  if (!(await findFactura(deps.db, enterpriseId, id))) {
    // A retry whose first answer was lost on the way back: the pre-invoice is already the stamped
    // invoice (a new id); answer that instead of "no existe", and stamp nothing again.
    const stamped = await findFacturaDePreFactura(deps.db, enterpriseId, id);
    if (stamped) {
      return {
        factura: await getFactura(deps, enterpriseId, stamped.id),
        user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
      };
    }
  }
  const row = await preFactura(deps, enterpriseId, id, SOLO_PRE_FACTURA_TIMBRAR);
  const draft = request ? sinClave(request) : row.draft;
  return timbrarDraft(deps, enterpriseId, draft, { preFacturaId: id, idempotencyKey: null });
}
