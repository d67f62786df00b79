import type { AjusteNotaCredito } from '@repo/cfdi/calc/nota-credito';
import { validateComprobante } from '@repo/cfdi/validacion';
import { Decimal } from '@repo/cfdi/decimal';
import { fechaLocal, type Comprobante } from '@repo/cfdi/xml';
import {
  buildNotaCredito,
  vistaPreviaNotaCredito,
  type NotaCreditoDraft,
} from '@repo/cfdi/xml/build-nota-credito';
import type { NotaCreditoRequest, NotaCreditoVistaPrevia } from '@repo/contracts/notas-credito';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { bloquearFacturas, restantes } from '../comprobantes/facturas-acreditables.queries.ts';
import { insertReducciones } from '../comprobantes/reducciones-en-vigor.queries.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import type { TimbradoDeps } from '../timbrado/timbrado.service.ts';
import {
  agregar,
  cargarContexto,
  type Campos,
  type ContextoNota,
} from './nota-credito-contexto.ts';
import { FACTURA_CANCELADA, FACTURA_SIN_TIMBRAR } from './nota-credito-mensajes.ts';
import { insertNotaCredito } from './notas-credito.queries.ts';

/**
 * The credit note (CFDI de egreso, tipo E) as a document type of the shared lifecycle (decision
 * 007): the invoices it credits and what it gives back, the engine's buildNotaCredito, its draft
 * tables. Inside the reservation it locks its invoices and reads what remains of them again, so two
 * notes (or a note and a payment) sent at once never credit more than an invoice's Total.
 */

type Deps = TimbradoDeps & Pick<AppDeps, 'catalogos'>;

/** The form's field of an engine or SAT rule's path. */
export function campoDeNota(field: string): string {
  if (field.startsWith('ajuste.importe')) return 'importe';
  if (field.startsWith('ajuste.porcentaje')) return 'porcentaje';
  if (field.startsWith('ajuste.partidas') || field === 'ajuste') return 'partidas';
  if (field.startsWith('facturas')) return 'facturas';
  if (field === 'formaPago' || field === 'FormaPago') return 'forma_pago';
  if (/tipoCambio|TipoCambio/.test(field)) return 'tipo_cambio';
  if (field === 'moneda') return 'moneda';
  return field;
}

function ajusteDe(ctx: ContextoNota, draft: NotaCreditoRequest): AjusteNotaCredito {
  if (draft.tipo === 'devolucion') {
    const indice = new Map(ctx.facturas.map((f, i) => [f.fila.id, i]));
    return {
      tipo: 'devolucion',
      partidas: (draft.partidas ?? []).map((p) => ({
        factura: indice.get(p.factura_id) ?? -1,
        linea: p.linea,
        cantidad: p.cantidad,
      })),
    };
  }
  return draft.importe
    ? { tipo: 'importe', importe: draft.importe }
    : { tipo: 'porcentaje', porcentaje: draft.porcentaje ?? '0' };
}

/** The engine's draft of the note for a serie and folio. */
function draftDe(
  ctx: ContextoNota,
  draft: NotaCreditoRequest,
  sf: { serie: string; folio: number },
): NotaCreditoDraft {
  return {
    serie: sf.serie,
    folio: String(sf.folio),
    lugarExpedicion: ctx.lugarExpedicion,
    emisor: ctx.emisor,
    receptor: ctx.receptor,
    formaPago: ctx.formaPago,
    moneda: ctx.moneda,
    ...(ctx.tipoCambio ? { tipoCambio: ctx.tipoCambio } : {}),
    facturas: ctx.facturas.map((f) => f.acreditada),
    ajuste: ajusteDe(ctx, draft),
    ...(draft.motivo ? { motivo: draft.motivo } : {}),
  };
}

function rechazo(errores: readonly { field: string; message: string }[]): AppError {
  const campos: Campos = {};
  for (const e of errores) agregar(campos, campoDeNota(e.field), e.message);
  return new AppError('VALIDATION', campos);
}

/** The note for a serie, folio and instant; refused in Spanish, field by field. */
function construir(
  ctx: ContextoNota,
  draft: NotaCreditoRequest,
  sf: { serie: string; folio: number; fecha: Date },
) {
  const r = buildNotaCredito(draftDe(ctx, draft, sf), { fecha: fechaLocal(sf.fecha, ctx.zona) });
  if (!r.ok) throw rechazo(r.errores);
  return r;
}

/**
 * POST /facturacion/V40/nota-credito/vista-previa: the amounts of the note the request describes,
 * from the engine that stamps it (vistaPreviaNotaCredito), with the invoices' remaining amounts as
 * they are now; nothing is reserved, sealed or spent. Refused field by field as the stamp would be.
 */
export async function vistaPrevia(
  deps: Deps,
  enterpriseId: number,
  request: NotaCreditoRequest,
): Promise<NotaCreditoVistaPrevia> {
  const ctx = await cargarContexto(deps, enterpriseId, request);
  const r = vistaPreviaNotaCredito(draftDe(ctx, request, ctx.serie), {
    fecha: fechaLocal(deps.now(), ctx.zona),
  });
  if (!r.ok) throw rechazo(r.errores);
  const v = r.vista;
  return {
    moneda: v.moneda,
    subtotal: v.subtotal,
    descuento: v.descuento,
    traslados: v.traslados.map((t) => ({
      impuesto: t.impuesto,
      tipo_factor: t.tipoFactor,
      tasa_o_cuota: t.tasaOCuota,
      base: t.base,
      importe: t.importe,
    })),
    retenciones: v.retenciones,
    locales: v.locales,
    total: v.total,
    facturas: v.facturas.map((f, i) => ({ factura_id: ctx.facturas[i]!.fila.id, ...f })),
  };
}

/** The credit note as a plug-in of the shared lifecycle. */
export function notaCredito(deps: Deps): TipoDocumento<NotaCreditoRequest, ContextoNota> {
  return {
    clave: 'nota-credito',
    campoDe: campoDeNota,
    cargarContexto: (enterpriseId, draft) => cargarContexto(deps, enterpriseId, draft),
    validar: (ctx, draft, instante): Comprobante => {
      const r = construir(ctx, draft, {
        serie: ctx.serie.serie,
        folio: ctx.serie.folio,
        fecha: instante,
      });
      const campos: Campos = {};
      for (const e of validateComprobante(r.comprobante, { catalogos: deps.catalogos }))
        agregar(campos, campoDeNota(e.field), e.message);
      if (Object.keys(campos).length > 0) throw new AppError('VALIDATION', campos);
      return r.comprobante;
    },
    construir: (ctx, draft, sf) => construir(ctx, draft, sf).comprobante,
    verificarEnLaReserva: async (tx, enterpriseId, ctx) => {
      const ids = ctx.facturas.map((f) => f.fila.id);
      const estados = await bloquearFacturas(tx, enterpriseId, ids);
      for (const id of ids) {
        const estado = estados.get(id);
        if (estado === 'cancelada')
          throw new AppError('VALIDATION', { facturas: [FACTURA_CANCELADA] });
        if (estado !== 'timbrada')
          throw new AppError('VALIDATION', { facturas: [FACTURA_SIN_TIMBRAR] });
      }
      const ahora = await restantes(
        tx,
        enterpriseId,
        ctx.facturas.map((f) => f.fila),
      );
      let cambio = false;
      for (const f of ctx.facturas) {
        const r = ahora.get(f.fila.id)!;
        if (r !== f.acreditada.restante) {
          f.acreditada = { ...f.acreditada, restante: r };
          cambio = true;
        }
      }
      return cambio;
    },
    guardarDraft: async (tx, enterpriseId, sellado, draft, _previa, ctx) => {
      // The sealed document's own amounts: built again for its folio and instant (pure).
      const r = construir(ctx, draft, {
        serie: sellado.serie,
        folio: sellado.folio ?? 0,
        fecha: new Date(),
      });
      const { idempotency_key: _k, ...guardado } = draft;
      const filas = ctx.facturas
        .map((f, i) => ({
          factura_id: f.fila.id,
          importe: r.aplicado[i]!,
          impuestos: r.impuestosAplicados[i]!,
        }))
        .filter((x) => !new Decimal(x.importe).isZero());
      await insertNotaCredito(
        tx,
        enterpriseId,
        sellado.id,
        {
          client_id: ctx.cliente.id,
          client_name: ctx.receptor.nombre,
          client_rfc: ctx.receptor.rfc,
          tipo_relacion: draft.tipo === 'devolucion' ? '03' : '01',
          motivo: draft.motivo ?? '',
          moneda: ctx.moneda,
          tipo_cambio: ctx.tipoCambio,
          subtotal: r.comprobante.SubTotal,
          total: r.comprobante.Total,
          draft: guardado,
        },
        filas,
      );
      // The balance's ledger (migration 0032): the generic trigger lowers each invoice by its share
      // when the note is stamped and gives it back when the note is cancelled.
      await insertReducciones(tx, enterpriseId, sellado.id, filas);
    },
  };
}
