import { FORMA_PAGO, TIPO_FACTOR, TIPO_RELACION } from '../catalogos.ts';
import { conMiles, Decimal, formatear, isDecimalText } from '../decimal.ts';
import type { ConceptoIngresoDraft } from '../xml/nodos/conceptos.ts';
import type { ErrorCalculo, ImpuestoDraft } from './types.ts';

/**
 * Advances (anticipos) by the SAT's procedure: Anexo 20, Guía de llenado de los CFDI (versión 4.0),
 * Apéndice 6 "Procedimiento para la emisión de los CFDI en el caso de anticipos recibidos", scheme
 * a) "Facturación aplicando anticipo con CFDI de egreso" (worked in its Apéndice 8, "Caso de uso
 * facturación de anticipos"):
 *
 * 1. the advance invoice: tipo I, PUE with the form in which the advance was received, one concepto
 *    ClaveProdServ 84111506 (servicios de facturación), Cantidad 1, ClaveUnidad ACT, Descripcion
 *    "Anticipo del bien o servicio", ValorUnitario the advance before taxes, with its taxes;
 * 2. the invoice for the full value of the operation, relating the advance with TipoRelacion 07
 *    (CFDI por aplicación de anticipo);
 * 3. the CFDI de egreso that applies the advance: TipoRelacion 07 relating the invoice of step 2,
 *    FormaPago 30 (aplicación de anticipos), MetodoPago PUE, UsoCFDI G02, one concepto 84111506 /
 *    ACT / "Aplicación de anticipo" for the advance applied, with the advance's taxes.
 *
 * The Guía's other scheme, b) "con remanente de la contraprestación", invoices only the remainder
 * with relation 07 and no egreso. This product follows a): the final invoice shows the operation's
 * whole value (what the customer bought and its full taxes, as the customer's accounting and the
 * DIOT expect), each document keeps one meaning, and the advance's application is a document of
 * its own that can be cancelled alone; b) would need a second form of the final invoice whose
 * lines are reduced by the advance.
 */
export const ANTICIPO = {
  claveProdServ: '84111506',
  claveUnidad: 'ACT',
  cantidad: '1',
  descripcion: 'Anticipo del bien o servicio',
  descripcionAplicacion: 'Aplicación de anticipo',
  /** c_FormaPago 30 "Aplicación de anticipos": the egreso of step 3. */
  formaPagoAplicacion: FORMA_PAGO.APLICACION_DE_ANTICIPOS,
  tipoRelacion: TIPO_RELACION.APLICACION_DE_ANTICIPO,
} as const;

/** Forms of payment an advance cannot have been received in: 30 is its own application, 99 unknown. */
export const FORMAS_PAGO_NO_DE_ANTICIPO: readonly string[] = [
  FORMA_PAGO.APLICACION_DE_ANTICIPOS,
  FORMA_PAGO.POR_DEFINIR,
];

/** The single concepto of the advance invoice (step 1): the advance before taxes and its taxes. */
export function conceptoDeAnticipo(
  valorUnitario: string,
  impuestos: readonly ImpuestoDraft[],
): ConceptoIngresoDraft {
  return {
    claveProdServ: ANTICIPO.claveProdServ,
    claveUnidad: ANTICIPO.claveUnidad,
    descripcion: ANTICIPO.descripcion,
    cantidad: ANTICIPO.cantidad,
    valorUnitario,
    objetoImp: impuestos.length ? '02' : '01',
    ...(impuestos.length ? { impuestos: [...impuestos] } : {}),
  };
}

/** Whether a stamped concepto is an advance's (step 1's keys, quantity and description). */
export function esConceptoDeAnticipo(c: ConceptoIngresoDraft): boolean {
  return (
    c.claveProdServ === ANTICIPO.claveProdServ &&
    c.claveUnidad === ANTICIPO.claveUnidad &&
    new Decimal(c.cantidad).equals(1) &&
    c.descripcion.trim() === ANTICIPO.descripcion
  );
}

const err = (field: string, message: string): ErrorCalculo => ({ field, message });
const pesos = (x: Decimal | string, d: number) => `$ ${conMiles(formatear(new Decimal(x), d))}`;

/**
 * The concepto of the egreso (step 3) that applies `base` (before taxes) of an advance whose stamped
 * concepto is `anticipo`: the advance's own taxes and ObjetoImp on that base, so applying the whole
 * advance gives back exactly the taxes it transferred. Refused when it is not an advance's concepto,
 * when `base` is not above zero, or when it is more than `restante` (the advance not yet applied).
 */
export function conceptoDeAplicacion(
  anticipo: { nombre: string; concepto: ConceptoIngresoDraft; restante: string },
  base: string,
  d: number,
): { ok: true; concepto: ConceptoIngresoDraft } | { ok: false; errores: ErrorCalculo[] } {
  const c = anticipo.concepto;
  if (!esConceptoDeAnticipo(c))
    return {
      ok: false,
      errores: [
        err(
          'anticipo',
          `La factura ${anticipo.nombre} no es un anticipo: su concepto no es 84111506, ACT, "${ANTICIPO.descripcion}".`,
        ),
      ],
    };
  if (!isDecimalText(base) || new Decimal(base).lessThanOrEqualTo(0))
    return { ok: false, errores: [err('importe', 'Indique un importe mayor que cero.')] };
  if (new Decimal(base).greaterThan(anticipo.restante))
    return {
      ok: false,
      errores: [
        err(
          'importe',
          `No se puede aplicar más de lo que queda del anticipo ${anticipo.nombre}: ${pesos(anticipo.restante, d)} antes de impuestos.`,
        ),
      ],
    };
  if (c.impuestos?.some((x) => x.tipoFactor === TIPO_FACTOR.CUOTA))
    return {
      ok: false,
      errores: [err('anticipo', 'Un anticipo con IEPS por cuota no se puede aplicar aquí.')],
    };
  const impuestos = c.impuestos?.map(({ unidades: _u, ...x }) => x);
  return {
    ok: true,
    concepto: {
      claveProdServ: ANTICIPO.claveProdServ,
      claveUnidad: ANTICIPO.claveUnidad,
      descripcion: ANTICIPO.descripcionAplicacion,
      cantidad: ANTICIPO.cantidad,
      valorUnitario: formatear(new Decimal(base), d),
      ...(c.objetoImp ? { objetoImp: c.objetoImp } : {}),
      ...(impuestos?.length ? { impuestos } : {}),
    },
  };
}
