import type { ConceptoCalculado, ConceptoDraft, TotalesCalculados } from '../../calc/types.ts';
import type { CfdiRelacionados, Concepto, Impuestos, ImpuestosLocales } from '../model.ts';
import { limpiarCuentaPredial, limpiarDescripcion } from '../texto.ts';
import { asignar } from './atributos.ts';

export interface ConceptoIngresoDraft extends ConceptoDraft {
  claveProdServ: string;
  noIdentificacion?: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  cuentaPredial?: readonly string[];
}

export interface CfdiRelacionadosDraft {
  tipoRelacion: string;
  uuids: readonly string[];
}

/** One Concepto node: the draft's texts beside the amounts and taxes calcularComprobante gave it. */
export function buildConcepto(cc: ConceptoCalculado, d: ConceptoIngresoDraft): Concepto {
  const c = { ClaveProdServ: d.claveProdServ.trim() } as Concepto;
  asignar(c, 'NoIdentificacion', d.noIdentificacion);
  c.Cantidad = cc.Cantidad;
  c.ClaveUnidad = d.claveUnidad.trim();
  asignar(c, 'Unidad', d.unidad);
  c.Descripcion = limpiarDescripcion(d.descripcion);
  c.ValorUnitario = cc.ValorUnitario;
  c.Importe = cc.Importe;
  if (cc.Descuento !== undefined) c.Descuento = cc.Descuento;
  c.ObjetoImp = cc.ObjetoImp;
  if (cc.Traslados.length + cc.Retenciones.length > 0) {
    c.Impuestos = {};
    if (cc.Traslados.length) c.Impuestos.Traslados = cc.Traslados;
    if (cc.Retenciones.length)
      c.Impuestos.Retenciones = cc.Retenciones.map((r) => ({
        Base: r.Base,
        Impuesto: r.Impuesto,
        TipoFactor: r.TipoFactor,
        TasaOCuota: r.TasaOCuota!,
        Importe: r.Importe!,
      }));
  }
  if (d.cuentaPredial?.length) {
    const cuentas = d.cuentaPredial.map(limpiarCuentaPredial).filter((x) => x !== '');
    if (cuentas.length) c.CuentaPredial = cuentas.map((Numero) => ({ Numero }));
  }
  return c;
}

/** CfdiRelacionados, one node per TipoRelacion, the UUIDs in upper case. */
export function buildCfdiRelacionados(
  relacionados: readonly CfdiRelacionadosDraft[],
): CfdiRelacionados[] {
  return relacionados.map((r) => ({
    TipoRelacion: r.tipoRelacion,
    CfdiRelacionado: r.uuids.map((u) => ({ UUID: u.trim().toUpperCase() })),
  }));
}

/** The comprobante's Impuestos node from the computed totals (absent parts are left out). */
export function buildImpuestos(imp: NonNullable<TotalesCalculados['Impuestos']>): Impuestos {
  return {
    ...(imp.TotalImpuestosRetenidos !== undefined
      ? { TotalImpuestosRetenidos: imp.TotalImpuestosRetenidos }
      : {}),
    ...(imp.TotalImpuestosTrasladados !== undefined
      ? { TotalImpuestosTrasladados: imp.TotalImpuestosTrasladados }
      : {}),
    ...(imp.Retenciones.length ? { Retenciones: imp.Retenciones } : {}),
    ...(imp.Traslados.length ? { Traslados: imp.Traslados } : {}),
  };
}

/** The ImpuestosLocales 1.0 complement from the computed local taxes. */
export function buildImpuestosLocales(
  il: NonNullable<TotalesCalculados['ImpuestosLocales']>,
): ImpuestosLocales {
  return {
    version: '1.0',
    TotaldeRetenciones: il.TotaldeRetenciones,
    TotaldeTraslados: il.TotaldeTraslados,
    ...(il.RetencionesLocales.length
      ? {
          RetencionesLocales: il.RetencionesLocales.map((x) => ({
            ImpLocRetenido: x.nombre,
            TasadeRetencion: x.tasa,
            Importe: x.importe,
          })),
        }
      : {}),
    ...(il.TrasladosLocales.length
      ? {
          TrasladosLocales: il.TrasladosLocales.map((x) => ({
            ImpLocTrasladado: x.nombre,
            TasadeTraslado: x.tasa,
            Importe: x.importe,
          })),
        }
      : {}),
  };
}
