import { TIPO_FACTOR } from '../catalogos.ts';
import { conMiles, Decimal, formatear, isDecimalText } from '../decimal.ts';
import type { FacturaAcreditada } from '../xml/factura-acreditada.ts';
import type { ConceptoIngresoDraft } from '../xml/nodos/conceptos.ts';
import { calcularComprobante } from './calcular-comprobante.ts';
import { repartirDescuento } from './largest-remainder.ts';
import { decimalesDeMoneda } from './lectura.ts';
import { conLocalesPorLinea } from './nota-credito-locales.ts';
import type { ErrorCalculo, ImpuestoDraft } from './types.ts';

/**
 * Guía de llenado del Anexo 20, CFDI de egreso: a discount or bonus given after the invoice names the
 * service of invoicing (ClaveProdServ 84111506) with ClaveUnidad ACT; a return keeps the product's
 * own keys. Taxes are those of the original line, so the note lowers exactly the taxes it transferred.
 */
export const CONCEPTO_BONIFICACION = { claveProdServ: '84111506', claveUnidad: 'ACT' } as const;

/** What the credit note gives back: relation 01 (amount or percentage) or 03 (lines returned). */
export type AjusteNotaCredito =
  | { tipo: 'importe'; importe: string }
  | { tipo: 'porcentaje'; porcentaje: string }
  | {
      tipo: 'devolucion';
      partidas: readonly { factura: number; linea: number; cantidad: string }[];
    };

export interface ConceptosDeNota {
  /** c_TipoRelacion: 01 nota de crédito de los documentos relacionados, 03 devolución de mercancía. */
  tipoRelacion: '01' | '03';
  conceptos: ConceptoIngresoDraft[];
  /** The invoice (index in `facturas`) each concepto comes from. */
  origen: number[];
}

const err = (field: string, message: string): ErrorCalculo => ({ field, message });

/** The base (Importe − Descuento) of each original line, exactly as its invoice computed it. */
function basesDe(f: FacturaAcreditada, i: number, errores: ErrorCalculo[]): Decimal[] | null {
  const calc = calcularComprobante({
    moneda: f.moneda,
    ...(f.decimales !== undefined ? { decimales: f.decimales } : {}),
    conceptos: f.conceptos,
  });
  if (!calc.ok) {
    errores.push(err(`facturas[${i}]`, `No se pudieron leer los conceptos de ${f.nombre}.`));
    return null;
  }
  return calc.totales.conceptos.map((c) => new Decimal(c.Importe).minus(c.Descuento ?? '0'));
}

/** The original line's taxes without its IEPS units (a discount does not change the units sold). */
function impuestosDeBonificacion(
  c: ConceptoIngresoDraft,
  field: string,
  errores: ErrorCalculo[],
): ImpuestoDraft[] | undefined {
  if (c.impuestos?.some((x) => x.tipoFactor === TIPO_FACTOR.CUOTA)) {
    errores.push(
      err(
        field,
        'Un descuento no se aplica a un concepto con IEPS por cuota (se causa por unidad): emita una devolución de las unidades.',
      ),
    );
    return undefined;
  }
  return c.impuestos?.map(({ unidades: _u, ...x }) => x);
}

/** Relation 01: the amount (before taxes) spread over every line of every invoice by its base. */
function bonificacion(
  facturas: readonly FacturaAcreditada[],
  ajuste: Extract<AjusteNotaCredito, { tipo: 'importe' | 'porcentaje' }>,
  d: number,
  errores: ErrorCalculo[],
): ConceptosDeNota | null {
  const lineas: { f: number; c: ConceptoIngresoDraft; base: Decimal }[] = [];
  facturas.forEach((f, i) => {
    const bases = basesDe(f, i, errores);
    bases?.forEach((base, j) => lineas.push({ f: i, c: f.conceptos[j]!, base }));
  });
  if (errores.length) return null;
  const suma = lineas.reduce((a, l) => a.plus(l.base), new Decimal(0));
  const valor = ajuste.tipo === 'importe' ? ajuste.importe : ajuste.porcentaje;
  const campo = ajuste.tipo === 'importe' ? 'ajuste.importe' : 'ajuste.porcentaje';
  if (!isDecimalText(valor) || new Decimal(valor).lessThanOrEqualTo(0)) {
    errores.push(err(campo, 'Indique un importe mayor que cero.'));
    return null;
  }
  if (ajuste.tipo === 'porcentaje' && new Decimal(valor).greaterThan(100)) {
    errores.push(err(campo, 'El porcentaje no puede ser mayor que 100.'));
    return null;
  }
  const importe = ajuste.tipo === 'importe' ? new Decimal(valor) : suma.times(valor).dividedBy(100);
  if (importe.greaterThan(suma)) {
    errores.push(
      err(
        campo,
        `El importe antes de impuestos no puede ser mayor que el de las facturas ($ ${conMiles(formatear(suma, d))}).`,
      ),
    );
    return null;
  }
  const partes = repartirDescuento(
    lineas.map((l) => l.base.toFixed(d)),
    formatear(importe, d),
    d,
  );
  const out: ConceptosDeNota = { tipoRelacion: '01', conceptos: [], origen: [] };
  lineas.forEach((l, k) => {
    if (new Decimal(partes[k]!).isZero()) return;
    const impuestos = impuestosDeBonificacion(l.c, `facturas[${l.f}]`, errores);
    out.conceptos.push({
      ...CONCEPTO_BONIFICACION,
      descripcion: `Bonificación sobre: ${l.c.descripcion}`,
      cantidad: '1',
      valorUnitario: partes[k]!,
      ...(l.c.objetoImp ? { objetoImp: l.c.objetoImp } : {}),
      ...(impuestos ? { impuestos } : {}),
      ...(l.c.impuestosLocales?.length ? { impuestosLocales: l.c.impuestosLocales } : {}),
    });
    out.origen.push(l.f);
  });
  return errores.length ? null : out;
}

/** Relation 03: the chosen lines with the quantities returned, their discount and IEPS units in proportion. */
function devolucion(
  facturas: readonly FacturaAcreditada[],
  partidas: Extract<AjusteNotaCredito, { tipo: 'devolucion' }>['partidas'],
  d: number,
  errores: ErrorCalculo[],
): ConceptosDeNota | null {
  const out: ConceptosDeNota = { tipoRelacion: '03', conceptos: [], origen: [] };
  if (partidas.length === 0)
    errores.push(err('ajuste.partidas', 'Elija al menos un concepto devuelto.'));
  partidas.forEach((p, k) => {
    const c = facturas[p.factura]?.conceptos[p.linea];
    const campo = `ajuste.partidas[${k}].cantidad`;
    if (!c)
      return void errores.push(err(`ajuste.partidas[${k}]`, 'El concepto no es de la factura.'));
    if (!isDecimalText(p.cantidad) || new Decimal(p.cantidad).lessThanOrEqualTo(0))
      return void errores.push(err(campo, 'La cantidad devuelta debe ser mayor que cero.'));
    const q = new Decimal(p.cantidad);
    const total = new Decimal(c.cantidad);
    if (q.greaterThan(total))
      return void errores.push(
        err(campo, `No se pueden devolver más de ${c.cantidad} unidades de "${c.descripcion}".`),
      );
    const parte = (x: string) => formatear(new Decimal(x).times(q).dividedBy(total), d);
    const descuento =
      c.descuento?.tipo === 'importe'
        ? { tipo: 'importe' as const, valor: parte(c.descuento.valor) }
        : c.descuento;
    out.conceptos.push({
      ...c,
      descripcion: `Devolución: ${c.descripcion}`,
      cantidad: p.cantidad,
      ...(descuento ? { descuento } : {}),
      ...(c.impuestos
        ? {
            impuestos: c.impuestos.map((x) =>
              x.unidades ? { ...x, unidades: parte(x.unidades) } : x,
            ),
          }
        : {}),
    });
    out.origen.push(p.factura);
  });
  return errores.length ? null : out;
}

/**
 * The conceptos of a credit note (CFDI de egreso) from the invoices it relates: relation 01 spreads an
 * amount or a percentage over their lines in proportion to each line's base (largest remainder, so
 * the parts add up to the amount to the cent) with each line's own taxes; relation 03 returns chosen
 * lines and quantities. All invoices must be in one currency: a CFDI has one Moneda (Anexo 20).
 */
export function conceptosDeNotaCredito(
  facturas: readonly FacturaAcreditada[],
  moneda: string,
  ajuste: AjusteNotaCredito,
): { ok: true; nota: ConceptosDeNota; decimales: number } | { ok: false; errores: ErrorCalculo[] } {
  const errores: ErrorCalculo[] = [];
  if (facturas.length === 0)
    return { ok: false, errores: [err('facturas', 'Relacione al menos una factura.')] };
  facturas.forEach((f, i) => {
    if (f.moneda !== moneda)
      errores.push(
        err(
          `facturas[${i}]`,
          `La nota de crédito debe estar en la moneda de la factura ${f.nombre} (${f.moneda}), no en ${moneda}.`,
        ),
      );
  });
  // Local taxes ride on each line, so the note's come out in proportion to the invoice's.
  const conLocales = facturas.map((f, i) => {
    if (!f.locales?.length) return f;
    const bases = basesDe(f, i, errores);
    return bases ? { ...f, conceptos: conLocalesPorLinea(f, bases, `facturas[${i}]`, errores) } : f;
  });
  const dec = facturas[0]!.decimales;
  const d = decimalesDeMoneda(
    { moneda, conceptos: [], ...(dec !== undefined ? { decimales: dec } : {}) },
    errores,
  );
  if (errores.length || d === undefined) return { ok: false, errores };
  const nota =
    ajuste.tipo === 'devolucion'
      ? devolucion(conLocales, ajuste.partidas, d, errores)
      : bonificacion(conLocales, ajuste, d, errores);
  if (!nota || errores.length) return { ok: false, errores };
  if (nota.conceptos.length === 0)
    return {
      ok: false,
      errores: [err('ajuste', 'El importe es tan pequeño que no llega a un centavo.')],
    };
  return { ok: true, nota, decimales: d };
}
