import { avisoReceptorGenerico } from '@repo/cfdi/validacion';
import { parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import type { ClientResponse } from '@repo/contracts/clients';
import type { FacturaDetail, FacturaDraft, FacturaDraftRequest } from '@repo/contracts/facturas';
import { AppError } from '../../http/errors.ts';
import { cfdiDatos } from '../comprobantes/cfdi-datos.ts';
import { fechaComprobante } from '../timbrado/fecha-comprobante.ts';
import { previsualizar } from './factura-previa.ts';
import { partidasDetalle } from './partidas-detalle.ts';
import { DATOS_FISCALES_INCOMPLETOS, cargarDatos, type Deps } from './factura-tipo.ts';
import {
  findFactura,
  findFacturaDePreFactura,
  toListItem,
  type FacturaRow,
} from './facturas.queries.ts';

export {
  FECHA_FUERA_DE_RANGO,
  INFO_GLOBAL_NO_APLICA,
  INFO_GLOBAL_REQUERIDA,
} from './factura-tipo.ts';

/**
 * Income invoices: one invoice's detail, and what the use cases share (pre-facturas.service.ts,
 * factura-timbrado.service.ts, factura-cancelacion.service.ts).
 */

export const FACTURA_NO_EXISTE = 'La factura no existe.';

// ---------------------------------------------------------------------------------- shared

/** The draft of a request: the request without its idempotency key. */
export function sinClave(request: FacturaDraftRequest): FacturaDraft {
  const { idempotency_key: _omit, ...draft } = request;
  void _omit;
  return draft;
}

/** A pre-invoice of the enterprise: NOT_FOUND when none, CONFLICT (`mensaje`) when not a pre-invoice. */
export async function preFactura(deps: Deps, enterpriseId: number, id: number, mensaje: string) {
  const row = await findFactura(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  if (row.status !== 'pre_factura') throw new AppError('CONFLICT', mensaje);
  return row;
}

// ---------------------------------------------------------------------------------- reading

/** GET /facturacion/V40/facturas-ingreso/{id}: every datum, the draft, the status. */
export async function getFactura(
  deps: Deps,
  enterpriseId: number,
  id: number,
  /** The master data of the invoice's draft when the caller has just loaded it (a stamp's answer). */
  cargados?: DatosDelDraft,
): Promise<FacturaDetail> {
  // A stamped pre-invoice has a new id: its old link answers the stamped invoice (with its id).
  const row =
    (await findFactura(deps.db, enterpriseId, id)) ??
    (await findFacturaDePreFactura(deps.db, enterpriseId, id));
  if (!row) throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  return detalle(deps, enterpriseId, row, cargados);
}

/** What cargarDatos answers for a draft: its master data, what is missing, the tax data's state. */
export type DatosDelDraft = Awaited<ReturnType<typeof cargarDatos>>;

async function detalle(
  deps: Deps,
  enterpriseId: number,
  row: FacturaRow,
  cargados?: DatosDelDraft,
): Promise<FacturaDetail> {
  const draft = row.draft;
  const { ctx, errores, datosFiscalesCompletos } =
    cargados ?? (await cargarDatos(deps, enterpriseId, draft));
  let cfdi: Comprobante | null = null;
  const cfdiErrores: string[] = [];
  // Stamped: the PAC's XML; sealed (waiting for the PAC, or rejected): the XML that was sent.
  const xml = row.xml_timbrado ?? (row.status === 'pre_factura' ? null : row.xml_sellado);
  if (xml) {
    cfdi = parseComprobanteXml(xml);
  } else if (!datosFiscalesCompletos) {
    cfdiErrores.push(DATOS_FISCALES_INCOMPLETOS);
  } else if (Object.keys(errores).length > 0 || !ctx.client || !ctx.serie) {
    cfdiErrores.push(...Object.values(errores).flat());
  } else {
    const previa = previsualizar({ ...ctx, client: ctx.client, serie: ctx.serie }, draft, {
      folio: ctx.serie.folio,
      fecha: fechaComprobante(draft.fecha, deps.now(), ctx.zona),
      catalogos: deps.catalogos,
    });
    if (previa.ok) cfdi = previa.comprobante;
    cfdiErrores.push(...previa.errores.map((e) => e.message));
  }
  const partidas = partidasDetalle(
    {
      ...ctx,
      client: ctx.client ?? ({} as ClientResponse),
      serie: ctx.serie ?? { id: 0, serie: '', folio: 0 },
    },
    draft,
    xml ? cfdi : null,
  );
  const aviso =
    ctx.client && datosFiscalesCompletos
      ? avisoReceptorGenerico({
          rfc: ctx.client.rfc,
          lugarExpedicion: ctx.emisor.codigoPostal,
          codigoPostalCliente: ctx.client.address.codigo_postal,
        })
      : null;
  return {
    ...toListItem(row),
    draft,
    partidas,
    avisos: aviso ? [aviso] : [],
    cfdi: cfdi ? cfdiDatos(cfdi) : null,
    cfdi_errores: [...new Set(cfdiErrores)],
    fecha_timbrado: row.fecha_timbrado,
    motivo_cancelacion: row.motivo_cancelacion,
    folio_sustitucion: row.folio_sustitucion,
    rechazo:
      row.status === 'rechazada'
        ? { codigo: row.rechazo_codigo, mensaje: row.rechazo_mensaje }
        : null,
  };
}
