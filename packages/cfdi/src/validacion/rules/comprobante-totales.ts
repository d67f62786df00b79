import { Decimal } from '../../decimal.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';
import { dec, num } from './util.ts';

/** The conceptos' Importe and Descuento, summed. */
interface SumasConceptos {
  suma: Decimal;
  sumaDesc: Decimal;
  hayDesc: boolean;
}

/** SubTotal, Descuento and Total (rules 2.7, 4.2). */
export function reglasTotales(c: Comprobante, d: number | undefined, e: Errores): void {
  const tipo = c.TipoDeComprobante;
  const sub = num(c.SubTotal);
  const tot = num(c.Total);
  if (!sub)
    e.add('CFDI40107', 'SubTotal', 'El campo SubTotal no es un importe válido.', 'CFDI40107');
  if (!tot) e.add('CFDI40119', 'Total', 'El campo Total no es un importe válido.', 'XSD t_Importe');
  if (tipo === 'T' || tipo === 'P') {
    reglasTotalesEnCero(c, sub, tot, e);
    return;
  }
  if (d === undefined || !sub || !tot) return;
  if (dec(c.SubTotal) > d)
    e.add(
      'CFDI40107',
      'SubTotal',
      'El valor del campo SubTotal excede la cantidad de decimales que soporta la moneda.',
      'CFDI40107',
    );
  if (dec(c.Total) > d)
    e.add(
      'TOTAL_DECIMALES',
      'Total',
      'El valor del campo Total excede la cantidad de decimales que soporta la moneda.',
      'Anexo 20 Total',
    );
  const sumas = sumarConceptos(c);
  if (!sumas) return;
  if (!sub.equals(sumas.suma.toDecimalPlaces(d, Decimal.ROUND_HALF_UP)))
    e.add(
      'CFDI40108',
      'SubTotal',
      'El TipoDeComprobante es I,E o N, el importe registrado en el campo no es igual al redondeo de la suma de los importes de los conceptos registrados.',
      'CFDI40108',
    );
  const desc = reglasDescuento(c, d, sub, sumas, e);
  if (!tot.equals(totalEsperado(c, sub, desc)))
    e.add(
      'CFDI40119',
      'Total',
      'El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas (impuestos trasladados - federales o locales, derechos, productos, aprovechamientos, aportaciones de seguridad social, contribuciones de mejoras) menos los impuestos retenidos y/o locales.',
      'CFDI40119',
    );
}

/** A traslado or a CFDI de pago: SubTotal and Total 0, no Descuento. */
function reglasTotalesEnCero(
  c: Comprobante,
  sub: Decimal | undefined,
  tot: Decimal | undefined,
  e: Errores,
): void {
  const tipo = c.TipoDeComprobante;
  if (sub && !sub.isZero())
    e.add(
      tipo === 'P' ? 'CRP20103' : 'CFDI40109',
      'SubTotal',
      'El campo SubTotal debe ser 0.',
      'CFDI40109',
    );
  if (tot && !tot.isZero())
    e.add(
      tipo === 'P' ? 'CRP20110' : 'CFDI40119',
      'Total',
      'El campo Total debe ser 0.',
      'CRP20110',
    );
  if (c.Descuento !== undefined)
    e.add(
      tipo === 'P' ? 'CRP20108' : 'CFDI40111',
      'Descuento',
      'El campo Descuento no se debe registrar.',
      'CFDI40111',
    );
}

/** The conceptos' sums; undefined when an Importe or a Descuento is not a valid amount. */
function sumarConceptos(c: Comprobante): SumasConceptos | undefined {
  let suma = new Decimal(0);
  let sumaDesc = new Decimal(0);
  let hayDesc = false;
  for (const con of c.Conceptos) {
    const imp = num(con.Importe);
    if (!imp) return undefined;
    suma = suma.plus(imp);
    if (con.Descuento !== undefined) {
      hayDesc = true;
      const dd = num(con.Descuento);
      if (!dd) return undefined;
      sumaDesc = sumaDesc.plus(dd);
    }
  }
  return { suma, sumaDesc, hayDesc };
}

/** Descuento: a valid amount, not above SubTotal, the sum of the conceptos'; answers its value. */
function reglasDescuento(
  c: Comprobante,
  d: number,
  sub: Decimal,
  sumas: SumasConceptos,
  e: Errores,
): Decimal | undefined {
  const desc = num(c.Descuento);
  if (c.Descuento !== undefined && !desc)
    e.add('CFDI40112', 'Descuento', 'El campo Descuento no es un importe válido.', 'CFDI40112');
  if (desc) {
    if (dec(c.Descuento!) > d)
      e.add(
        'CFDI40112',
        'Descuento',
        'El valor del campo Descuento excede la cantidad de decimales que soporta la moneda.',
        'CFDI40112',
      );
    if (desc.greaterThan(sub))
      e.add(
        'CFDI40110',
        'Descuento',
        'El valor registrado en el campo Descuento no es menor o igual que el campo Subtotal.',
        'CFDI40110',
      );
  }
  if (
    sumas.hayDesc !== (c.Descuento !== undefined) ||
    (desc && !desc.equals(sumas.sumaDesc.toDecimalPlaces(d, Decimal.ROUND_HALF_UP)))
  )
    e.add(
      'CFDI40111',
      'Descuento',
      'El valor registrado en el campo Descuento no es igual a la suma de los atributos Descuento registrados en los conceptos.',
      'CFDI40111',
    );
  return desc;
}

/** SubTotal − Descuento + traslados − retenciones (federal and local): what Total must be. */
function totalEsperado(c: Comprobante, sub: Decimal, desc: Decimal | undefined): Decimal {
  let esperado = sub.minus(desc ?? 0);
  const imp = c.Impuestos;
  const tt = num(imp?.TotalImpuestosTrasladados);
  const tr = num(imp?.TotalImpuestosRetenidos);
  if (tt) esperado = esperado.plus(tt);
  if (tr) esperado = esperado.minus(tr);
  const il = c.Complemento?.ImpuestosLocales;
  if (il) {
    const lt = num(il.TotaldeTraslados);
    const lr = num(il.TotaldeRetenciones);
    if (lt) esperado = esperado.plus(lt);
    if (lr) esperado = esperado.minus(lr);
  }
  return esperado;
}
