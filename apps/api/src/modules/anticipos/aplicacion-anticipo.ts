import { validateComprobante } from '@repo/cfdi/validacion';
import { buildAplicacionAnticipo, fechaLocal, type Comprobante } from '@repo/cfdi/xml';
import type { AplicarAnticipoRequest } from '@repo/contracts/anticipos';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { insertReducciones } from '../comprobantes/reducciones-en-vigor.queries.ts';
import { bloquearFacturas } from '../comprobantes/facturas-acreditables.queries.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import type { TimbradoDeps } from '../timbrado/timbrado.service.ts';
import {
  cargarContextoAplicacion,
  leerDocumentos,
  type Campos,
  type ContextoAplicacion,
} from './aplicacion-contexto.ts';
import { insertAplicacion } from './anticipos.queries.ts';
import type { TiposDelAnticipo } from './anticipos-tipos.ts';

/**
 * Step 3 of an advance: the CFDI de egreso that applies it (Guía de llenado 4.0, Apéndice 6), sent
 * through the shared lifecycle (decision 007) like any credit note: it is a document of the
 * registered credit-note type (tipo E, serie kind notas-credito, relation 07), stored in its tables,
 * so its list, detail, PDF, XML, e-mail and cancellation are the credit note's; beside it, the link
 * to its advance. Inside the reservation it locks the advance and the invoice and reads again what
 * remains of both, so two applications sent at once never apply more than the advance.
 */

type Deps = TimbradoDeps & Pick<AppDeps, 'catalogos'>;
/** The draft the lifecycle carries: the request and the advance it applies. */
export type DraftAplicacion = AplicarAnticipoRequest & { anticipo_id: number };

export function campoDeAplicacion(field: string): string {
  if (field === 'importe' || field.startsWith('Conceptos') || field === 'SubTotal')
    return 'importe';
  if (field === 'factura_id' || field.startsWith('CfdiRelacionados')) return 'factura_id';
  if (field === 'moneda' || /tipoCambio|TipoCambio/.test(field)) return 'factura_id';
  return field;
}

function agregarTodos(errores: { field: string; message: string }[]): Campos {
  const campos: Campos = {};
  for (const e of errores) {
    const lista = (campos[campoDeAplicacion(e.field)] ??= []);
    if (!lista.includes(e.message)) lista.push(e.message);
  }
  return campos;
}

function construir(
  ctx: ContextoAplicacion,
  draft: DraftAplicacion,
  sf: { serie: string; folio: number; fecha: Date },
) {
  const r = buildAplicacionAnticipo(
    {
      serie: sf.serie,
      folio: String(sf.folio),
      lugarExpedicion: ctx.lugarExpedicion,
      emisor: ctx.emisor,
      receptor: ctx.receptor,
      moneda: ctx.moneda,
      ...(ctx.tipoCambio ? { tipoCambio: ctx.tipoCambio } : {}),
      anticipo: ctx.anticipo,
      factura: ctx.factura,
      ...(draft.importe ? { importe: draft.importe } : {}),
    },
    { fecha: fechaLocal(sf.fecha, ctx.zona) },
  );
  if (!r.ok) throw new AppError('VALIDATION', agregarTodos(r.errores));
  return r;
}

/** The application of an advance as a plug-in of the shared lifecycle. */
export function aplicacionAnticipo(
  deps: Deps,
  tipos: Pick<TiposDelAnticipo, 'guardarNotaCredito'>,
): TipoDocumento<DraftAplicacion, ContextoAplicacion> {
  return {
    clave: 'aplicacion-anticipo',
    campoDe: campoDeAplicacion,
    cargarContexto: (enterpriseId, draft) =>
      cargarContextoAplicacion(deps, enterpriseId, draft.anticipo_id, draft),
    validar: (ctx, draft, instante): Comprobante => {
      const r = construir(ctx, draft, {
        serie: ctx.serie.serie,
        folio: ctx.serie.folio,
        fecha: instante,
      });
      const campos = agregarTodos(
        validateComprobante(r.comprobante, { catalogos: deps.catalogos }),
      );
      if (Object.keys(campos).length > 0) throw new AppError('VALIDATION', campos);
      return r.comprobante;
    },
    construir: (ctx, draft, sf) => construir(ctx, draft, sf).comprobante,
    verificarEnLaReserva: async (tx, enterpriseId, ctx) => {
      await bloquearFacturas(tx, enterpriseId, [ctx.facturaId]);
      const ahora = await leerDocumentos(tx, enterpriseId, ctx.anticipoId, ctx.facturaId, true);
      const cambio =
        ahora.anticipo.restante !== ctx.anticipo.restante ||
        ahora.factura.restante !== ctx.factura.restante;
      ctx.anticipo = ahora.anticipo;
      ctx.factura = ahora.factura;
      return cambio;
    },
    guardarDraft: async (tx, enterpriseId, sellado, draft, _previa, ctx) => {
      const r = construir(ctx, draft, {
        serie: sellado.serie,
        folio: sellado.folio ?? 0,
        fecha: new Date(),
      });
      const { idempotency_key: _k, ...guardado } = draft;
      const c = r.comprobante;
      const filas = [{ factura_id: ctx.facturaId, importe: c.Total, impuestos: r.impuestos }];
      await tipos.guardarNotaCredito(
        tx,
        enterpriseId,
        sellado.id,
        {
          client_id: ctx.clienteId,
          client_name: ctx.receptor.nombre,
          client_rfc: ctx.receptor.rfc,
          tipo_relacion: '07',
          motivo: `Aplicación del anticipo ${ctx.anticipo.nombre}`,
          moneda: ctx.moneda,
          tipo_cambio: ctx.tipoCambio,
          subtotal: c.SubTotal,
          total: c.Total,
          draft: guardado,
        },
        filas,
      );
      // The balance's ledger (migration 0032): the final invoice is lowered by the advance applied
      // when the egreso is stamped, and given it back when it is cancelled.
      await insertReducciones(tx, enterpriseId, sellado.id, filas);
      await insertAplicacion(tx, enterpriseId, {
        comprobante_id: sellado.id,
        anticipo_id: ctx.anticipoId,
        factura_id: ctx.facturaId,
        base: r.base,
        total: c.Total,
      });
    },
  };
}
