import type { ImpuestoDraft } from '../calc/types.ts';
import { Decimal } from '../decimal.ts';
import type { Comprobante, Concepto } from './model.ts';
import type { ConceptoIngresoDraft } from './nodos/conceptos.ts';

/** A local tax (implocal 1.0) of a stamped invoice, as its XML states it: per document. */
export interface LocalDeFactura {
  tipo: 'traslado' | 'retencion';
  nombre: string;
  /** Percentage, as TasadeTraslado / TasadeRetencion ("3.50"). */
  tasa: string;
  importe: string;
}

/**
 * An invoice a reducing document relates (a credit note, an advance's application): its concepts as
 * it was stamped and what remains of it. Shared by those types (issue 25), owned by none.
 */
export interface FacturaAcreditada {
  uuid: string;
  /** "A-12", for the messages. */
  nombre: string;
  moneda: string;
  decimales?: number;
  conceptos: readonly ConceptoIngresoDraft[];
  /** Its local taxes as its XML states them (per document), when its concepts do not carry them. */
  locales?: readonly LocalDeFactura[];
  /** Its Total less the in-force credit notes already issued against it (and, PPD, its payments). */
  restante: string;
}

/** A stamped concepto as a draft that computes to the same amounts (its base, taxes and rates). */
function conceptoDelXml(k: Concepto): ConceptoIngresoDraft {
  const neto = new Decimal(k.Importe).minus(k.Descuento ?? '0');
  const traslados = k.Impuestos?.Traslados ?? [];
  const conIeps = traslados.some((t) => t.Impuesto === '003');
  const iva = traslados.find((t) => t.Impuesto === '002');
  const impuestos: ImpuestoDraft[] = [
    ...traslados.map((t) => ({ tipo: 'traslado' as const, ...linea(t) })),
    ...(k.Impuestos?.Retenciones ?? []).map((r) => ({ tipo: 'retencion' as const, ...linea(r) })),
  ];
  return {
    claveProdServ: k.ClaveProdServ,
    ...(k.NoIdentificacion ? { noIdentificacion: k.NoIdentificacion } : {}),
    claveUnidad: k.ClaveUnidad,
    ...(k.Unidad ? { unidad: k.Unidad } : {}),
    descripcion: k.Descripcion,
    cantidad: k.Cantidad,
    valorUnitario: k.ValorUnitario,
    ...(k.Descuento && !new Decimal(k.Descuento).isZero()
      ? { descuento: { tipo: 'importe' as const, valor: k.Descuento } }
      : {}),
    ...(k.ObjetoImp === '01' || k.ObjetoImp === '02' || k.ObjetoImp === '03' || k.ObjetoImp === '04'
      ? { objetoImp: k.ObjetoImp }
      : {}),
    ...(impuestos.length ? { impuestos } : {}),
    // LIVA art. 18: the invoice's IVA included its IEPS in the base unless its base was the net.
    ...(conIeps && iva ? { ivaSobreIeps: !new Decimal(iva.Base).equals(neto) } : {}),
  };
}

function linea(t: {
  Base: string;
  Impuesto: ImpuestoDraft['impuesto'];
  TipoFactor: ImpuestoDraft['tipoFactor'];
  TasaOCuota?: string;
}): Omit<ImpuestoDraft, 'tipo'> {
  return {
    impuesto: t.Impuesto,
    tipoFactor: t.TipoFactor,
    ...(t.TasaOCuota !== undefined ? { tasaOCuota: t.TasaOCuota } : {}),
    // An IEPS by Cuota is per unit: its Base is the units taxed.
    ...(t.TipoFactor === 'Cuota' ? { unidades: t.Base } : {}),
  };
}

/**
 * A stamped invoice as a credit note relates it: its UUID, currency and concepts read from its XML
 * (what the SAT holds), and what remains of it.
 */
export function facturaAcreditadaDeXml(
  cfdi: Comprobante,
  datos: { uuid: string; nombre: string; restante: string },
): FacturaAcreditada {
  const il = cfdi.Complemento?.ImpuestosLocales;
  const locales: LocalDeFactura[] = [
    ...(il?.TrasladosLocales ?? []).map((t) => ({
      tipo: 'traslado' as const,
      nombre: t.ImpLocTrasladado,
      tasa: t.TasadeTraslado,
      importe: t.Importe,
    })),
    ...(il?.RetencionesLocales ?? []).map((t) => ({
      tipo: 'retencion' as const,
      nombre: t.ImpLocRetenido,
      tasa: t.TasadeRetencion,
      importe: t.Importe,
    })),
  ];
  return {
    uuid: datos.uuid.toUpperCase(),
    nombre: datos.nombre,
    moneda: cfdi.Moneda,
    restante: datos.restante,
    conceptos: cfdi.Conceptos.map(conceptoDelXml),
    ...(locales.length ? { locales } : {}),
  };
}
