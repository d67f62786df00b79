import {
  OBJETO_IMP,
  TIPO_FACTOR,
  type Impuesto,
  type ObjetoImp,
  type TipoFactor,
} from '../catalogos.ts';
import {
  decimalesEscritos,
  conMiles,
  FIJO_CERO,
  fijo,
  fijoComparar,
  fijoEntre10,
  fijoPor,
  fijoRedondear,
  fijoTexto,
  isDecimalText,
  normalizarTextoDecimal,
  type Fijo,
} from '../decimal.ts';
import { CUALQUIERA_6, leerNumero, POSITIVO_6, textoTasa } from './lectura.ts';
import type { ConceptoDraft, ErrorCalculo } from './types.ts';

const CIEN: Fijo = { n: 100, s: 0 };

export interface LineaTrabajo {
  concepto: number;
  tipo: 'traslado' | 'retencion';
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasa?: Fijo;
  tasaTexto?: string;
  unidades?: Fijo;
  unidadesTexto?: string;
  base: Fijo;
  importe?: Fijo;
}

export interface ConceptoTrabajo {
  cantidad: string;
  valorUnitario: string;
  importe: Fijo;
  descuento: Fijo;
  objetoImp: ObjetoImp;
  ivaSobreIeps: boolean;
  lineas: LineaTrabajo[];
}

/** The concepto's discount at the currency's decimals (a percentage or an amount), or zero. */
function leerDescuento(
  c: ConceptoDraft,
  p: string,
  importe: Fijo,
  d: number,
  errores: ErrorCalculo[],
): Fijo {
  let descuento: Fijo = FIJO_CERO;
  if (!c.descuento) return descuento;
  const field = `${p}.descuento`;
  const t = c.descuento.valor.trim();
  if (c.descuento.tipo === 'porcentaje') {
    // Spec §5: a non-numeric percentage counts as 0.
    const pct = isDecimalText(t) ? fijo(t) : FIJO_CERO;
    if (pct.n < 0) errores.push({ field, message: 'El descuento no puede ser menor a 0%' });
    else if (fijoComparar(pct, CIEN) > 0)
      errores.push({ field, message: 'El descuento no puede ser mayor a 100%' });
    else descuento = fijoRedondear(fijoEntre10(fijoPor(importe, pct), 2), d);
  } else if (t !== '') {
    if (!isDecimalText(t) || t.startsWith('-')) {
      errores.push({ field, message: 'El descuento debe ser un importe mayor o igual a cero.' });
    } else if (decimalesEscritos(normalizarTextoDecimal(t)) > d) {
      errores.push({
        field,
        message: `El descuento admite como máximo ${d} decimales en esta moneda.`,
      });
    } else {
      descuento = fijo(t);
      if (fijoComparar(descuento, importe) > 0) {
        errores.push({
          field,
          message: 'El descuento no puede ser mayor que el importe del concepto.',
        });
      }
    }
  }
  return descuento;
}

/** ObjetoImp as given or implied by the taxes, with the rules that tie it to them and to the discount. */
function objetoDelConcepto(
  c: ConceptoDraft,
  p: string,
  importe: Fijo,
  descuento: Fijo,
  d: number,
  errores: ErrorCalculo[],
): ObjetoImp {
  const impuestos = c.impuestos ?? [];
  const objetoImp: ObjetoImp =
    c.objetoImp ?? (impuestos.length > 0 ? OBJETO_IMP.SI_OBJETO : OBJETO_IMP.NO_OBJETO);
  if (objetoImp !== OBJETO_IMP.NO_OBJETO && objetoImp !== OBJETO_IMP.SI_OBJETO) {
    errores.push({
      field: `${p}.objetoImp`,
      message: 'Solo se admiten los objetos de impuesto 01 y 02.',
    });
  }
  if (objetoImp === OBJETO_IMP.SI_OBJETO && impuestos.length === 0) {
    errores.push({
      field: `${p}.impuestos`,
      message: 'Un concepto objeto de impuesto (02) debe llevar al menos un impuesto.',
    });
  }
  if (objetoImp === OBJETO_IMP.NO_OBJETO && impuestos.length > 0) {
    errores.push({
      field: `${p}.impuestos`,
      message: 'Un concepto que no es objeto de impuesto (01) no puede llevar impuestos.',
    });
  }
  if (
    objetoImp === OBJETO_IMP.SI_OBJETO &&
    fijoComparar(descuento, importe) === 0 &&
    importe.n > 0
  ) {
    const pct = c.descuento?.tipo === 'porcentaje' ? c.descuento.valor.trim() : '';
    const redondeado = pct !== '' && isDecimalText(pct) && fijoComparar(fijo(pct), CIEN) < 0;
    const monto = conMiles(fijoTexto(importe, d));
    errores.push({
      field: `${p}.descuento`,
      message: redondeado
        ? `El descuento del ${pct}% sobre un importe de $ ${monto} se redondea a $ ${monto}, todo el importe del concepto (el SAT usa ${d} decimales en esta moneda): la base de sus impuestos sería cero. Reduzca el descuento o quite los impuestos del concepto.`
        : 'Un concepto objeto de impuesto no puede tener un descuento del 100 %: la base de sus impuestos sería cero.',
    });
  }
  return objetoImp;
}

/** The concepto's tax lines as written, with their tasas and (IEPS cuota) units read. */
function lineasDelConcepto(
  c: ConceptoDraft,
  i: number,
  cantidad: { texto: string; valor: Fijo },
  errores: ErrorCalculo[],
): LineaTrabajo[] {
  const p = `conceptos[${i}]`;
  const impuestos = c.impuestos ?? [];
  const lineas: LineaTrabajo[] = [];
  impuestos.forEach((imp, j) => {
    const f = `${p}.impuestos[${j}]`;
    if (imp.tipoFactor === TIPO_FACTOR.EXENTO) {
      if (imp.tipo === 'retencion') {
        errores.push({ field: f, message: 'Una retención no puede ser exenta.' });
        return;
      }
      lineas.push({
        concepto: i,
        tipo: imp.tipo,
        impuesto: imp.impuesto,
        tipoFactor: 'Exento',
        base: FIJO_CERO,
      });
      return;
    }
    const tasa = leerNumero(
      imp.tasaOCuota ?? '',
      `${f}.tasaOCuota`,
      'La tasa o cuota',
      errores,
      CUALQUIERA_6,
    );
    if (!tasa) return;
    let unidades: { texto: string; valor: Fijo } | undefined;
    if (imp.tipoFactor === TIPO_FACTOR.CUOTA) {
      if (imp.unidades === undefined) unidades = cantidad;
      else {
        const u = leerNumero(
          imp.unidades,
          `${f}.unidades`,
          'Las unidades gravadas',
          errores,
          POSITIVO_6,
        );
        if (!u) return;
        unidades = u;
      }
    }
    const linea: LineaTrabajo = {
      concepto: i,
      tipo: imp.tipo,
      impuesto: imp.impuesto,
      tipoFactor: imp.tipoFactor,
      tasa: tasa.valor,
      tasaTexto: textoTasa(tasa),
      base: FIJO_CERO,
    };
    if (unidades) {
      linea.unidades = unidades.valor;
      linea.unidadesTexto = unidades.texto;
    }
    lineas.push(linea);
  });
  return lineas;
}

/**
 * One concepto of the draft read and checked: amounts at the currency's decimals, its discount,
 * ObjetoImp and tax lines (bases and amounts come later, by group). Undefined when it has errors.
 */
export function prepararConcepto(
  c: ConceptoDraft,
  i: number,
  d: number,
  errores: ErrorCalculo[],
): ConceptoTrabajo | undefined {
  const p = `conceptos[${i}]`;
  const antes = errores.length;
  const cantidad = leerNumero(c.cantidad, `${p}.cantidad`, 'La cantidad', errores, POSITIVO_6);
  const valorUnitario = leerNumero(
    c.valorUnitario,
    `${p}.valorUnitario`,
    'El valor unitario',
    errores,
    POSITIVO_6,
  );
  if (!cantidad || !valorUnitario) return undefined;
  const importe = fijoRedondear(fijoPor(cantidad.valor, valorUnitario.valor), d);

  const descuento = leerDescuento(c, p, importe, d, errores);
  const objetoImp = objetoDelConcepto(c, p, importe, descuento, d, errores);
  const lineas = lineasDelConcepto(c, i, cantidad, errores);
  if (errores.length > antes) return undefined;
  return {
    cantidad: cantidad.texto,
    valorUnitario: valorUnitario.texto,
    importe,
    descuento,
    objetoImp,
    // LIVA art. 18: the value of the act includes the other taxes except IVA (docs/decisions 006).
    ivaSobreIeps: c.ivaSobreIeps !== false,
    lineas,
  };
}
