import {
  DECIMALES_MONEDA,
  IMPUESTO,
  OBJETO_IMP,
  TIPO_FACTOR,
  type Impuesto,
  type ObjetoImp,
  type TipoFactor,
} from '../catalogos.ts';
import {
  decimalesEscritos,
  FIJO_CERO,
  fijo,
  fijoComparar,
  fijoEntre10,
  fijoMas,
  fijoMenos,
  fijoPiso,
  fijoPor,
  fijoRedondear,
  fijoTexto,
  isDecimalText,
  normalizarTextoDecimal,
  type Fijo,
} from '../decimal.ts';
import type {
  CalculoDraft,
  ConceptoCalculado,
  ConceptoDraft,
  ErrorCalculo,
  ImpuestoLocalCalculado,
  ImpuestosLocalesCalculados,
  ImpuestosResumen,
  LineaImpuesto,
  ResultadoCalculo,
} from './types.ts';

const MAX_DECIMALES = 6;
const CIEN: Fijo = { n: 100, s: 0 };

/** Largest remainder on exact amounts (rules 2.9 step 5), see largest-remainder.ts. */
function residuoMayor(exactos: readonly Fijo[], d: number): Fijo[] {
  const u: Fijo = { n: 1, s: d };
  const pisos = exactos.map((e) => fijoPiso(e, d));
  let sumaExacta: Fijo = FIJO_CERO;
  let sumaPisos: Fijo = FIJO_CERO;
  for (let i = 0; i < exactos.length; i++) {
    sumaExacta = fijoMas(sumaExacta, exactos[i]!);
    sumaPisos = fijoMas(sumaPisos, pisos[i]!);
  }
  let k = fijoRedondear(fijoMenos(fijoRedondear(sumaExacta, d), sumaPisos), d).n;
  if (k <= 0) return pisos;
  const orden = exactos
    .map((e, i) => ({ i, r: fijoMenos(e, pisos[i]!) }))
    .filter((x) => x.r.n > 0)
    .sort((a, b) => fijoComparar(b.r, a.r) || a.i - b.i);
  const resultado = pisos.slice();
  for (const { i } of orden) {
    if (k <= 0) break;
    resultado[i] = fijoMas(resultado[i]!, u);
    k--;
  }
  return resultado;
}
const MAX_ENTEROS = 18;
const POSITIVO_6 = { positivo: true, maxDecimales: MAX_DECIMALES };
const CUALQUIERA_6 = { positivo: false, maxDecimales: MAX_DECIMALES };

interface LineaTrabajo {
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

interface ConceptoTrabajo {
  cantidad: string;
  valorUnitario: string;
  importe: Fijo;
  descuento: Fijo;
  objetoImp: ObjetoImp;
  ivaSobreIeps: boolean;
  lineas: LineaTrabajo[];
}

interface NumeroLeido {
  texto: string;
  valor: Fijo;
  /** fijoTexto(valor, 6), once asked for. */
  seis?: string;
  decimales: number;
  enteros: number;
}

/**
 * Texts already read, by their trimmed text: tasas, cantidades and prices repeat from one concepto
 * and one invoice to the next, and reading one (two patterns, a BigInt) costs more than the lookup.
 * The values are never mutated (every Fijo operation answers a new one). Bounded: cleared when full.
 */
const LEIDOS = new Map<string, NumeroLeido | null>();
const MAX_LEIDOS = 4096;

function leerTexto(t: string): NumeroLeido | null {
  let p = LEIDOS.get(t);
  if (p !== undefined) return p;
  if (t === '' || !isDecimalText(t) || t.startsWith('-')) p = null;
  else {
    const texto = normalizarTextoDecimal(t);
    const punto = texto.indexOf('.');
    p = {
      texto,
      valor: fijo(texto),
      decimales: decimalesEscritos(texto),
      enteros: punto < 0 ? texto.length : punto,
    };
  }
  if (LEIDOS.size >= MAX_LEIDOS) LEIDOS.clear();
  LEIDOS.set(t, p);
  return p;
}

function leerNumero(
  texto: string | undefined,
  field: string,
  etiqueta: string,
  errores: ErrorCalculo[],
  opciones: { positivo: boolean; maxDecimales: number },
): { texto: string; valor: Fijo } | undefined {
  const p = leerTexto((texto ?? '').trim());
  if (p === null) {
    errores.push({ field, message: `${etiqueta} debe ser un número mayor que cero.` });
    return undefined;
  }
  if (p.decimales > opciones.maxDecimales) {
    errores.push({
      field,
      message: `${etiqueta} admite como máximo ${opciones.maxDecimales} decimales.`,
    });
    return undefined;
  }
  if (p.enteros > MAX_ENTEROS) {
    errores.push({ field, message: `${etiqueta} admite como máximo ${MAX_ENTEROS} enteros.` });
    return undefined;
  }
  if (opciones.positivo && p.valor.n <= 0) {
    errores.push({ field, message: `${etiqueta} debe ser un número mayor que cero.` });
    return undefined;
  }
  return p;
}

function decimalesDeMoneda(draft: CalculoDraft, errores: ErrorCalculo[]): number | undefined {
  const d = draft.decimales ?? DECIMALES_MONEDA[draft.moneda];
  if (d === undefined || !Number.isInteger(d) || d < 0 || d > 6) {
    errores.push({
      field: 'moneda',
      message: `No se conocen los decimales de la moneda "${draft.moneda}".`,
    });
    return undefined;
  }
  return d;
}

/** TasaOCuota as written: six decimals (kept beside a text already read, tasas repeat). */
function textoTasa(tasa: { valor: Fijo; seis?: string }): string {
  return (tasa.seis ??= fijoTexto(tasa.valor, MAX_DECIMALES));
}

function prepararConcepto(
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

  let descuento: Fijo = FIJO_CERO;
  if (c.descuento) {
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
  }

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
    const [ent = '0', frac] = fijoTexto(importe, d).split('.');
    const monto = `${ent.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
    errores.push({
      field: `${p}.descuento`,
      message: redondeado
        ? `El descuento del ${pct}% sobre un importe de $ ${monto} se redondea a $ ${monto}, todo el importe del concepto (el SAT usa ${d} decimales en esta moneda): la base de sus impuestos sería cero. Reduzca el descuento o quite los impuestos del concepto.`
        : 'Un concepto objeto de impuesto no puede tener un descuento del 100 %: la base de sus impuestos sería cero.',
    });
  }

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

function claveGrupo(l: LineaTrabajo): string {
  return `${l.tipo}|${l.impuesto}|${l.tipoFactor}|${l.tasaTexto ?? ''}`;
}

/** Computes bases and amounts of one phase of tax lines, grouped, with largest remainder. */
function calcularLineas(
  lineas: LineaTrabajo[],
  conceptos: ConceptoTrabajo[],
  d: number,
  errores: ErrorCalculo[],
  porLinea: boolean,
): void {
  const grupos = new Map<string, LineaTrabajo[]>();
  for (const l of lineas) {
    const c = conceptos[l.concepto]!;
    let base: Fijo;
    if (l.unidades) base = l.unidades;
    else {
      base = fijoMenos(c.importe, c.descuento);
      if (l.impuesto === IMPUESTO.IVA && c.ivaSobreIeps) {
        for (const o of c.lineas) {
          if (o.tipo === 'traslado' && o.impuesto === IMPUESTO.IEPS && o.importe) {
            base = fijoMas(base, o.importe);
          }
        }
      }
    }
    l.base = base;
    if (base.n <= 0) {
      errores.push({
        field: `conceptos[${l.concepto}].impuestos`,
        message: 'La base de un impuesto debe ser mayor que cero.',
      });
      continue;
    }
    if (l.tipoFactor === TIPO_FACTOR.EXENTO) continue;
    const k = claveGrupo(l);
    const g = grupos.get(k);
    if (g) g.push(l);
    else grupos.set(k, [l]);
  }
  for (const g of grupos.values()) {
    if (porLinea) {
      for (const l of g) l.importe = fijoRedondear(fijoPor(l.base, l.tasa!), d);
      continue;
    }
    const importes = residuoMayor(
      g.map((l) => fijoPor(l.base, l.tasa!)),
      d,
    );
    g.forEach((l, i) => {
      l.importe = importes[i]!;
    });
  }
}

function textoBase(l: LineaTrabajo, d: number): string {
  // IEPS cuota: the base is units, written with their own decimals (≤ 6).
  return l.unidadesTexto ?? fijoTexto(l.base, d);
}

function lineaEscrita(l: LineaTrabajo, d: number): LineaImpuesto {
  const out: LineaImpuesto = {
    Base: textoBase(l, d),
    Impuesto: l.impuesto,
    TipoFactor: l.tipoFactor,
  };
  if (l.tipoFactor !== TIPO_FACTOR.EXENTO) {
    out.TasaOCuota = l.tasaTexto!;
    out.Importe = fijoTexto(l.importe!, d);
  }
  return out;
}

/**
 * The Impuestos summary, from the exact amounts of the lines (each already at the currency's
 * decimals, or the units of an IEPS cuota: the same values their written texts carry).
 */
function resumirImpuestos(trabajo: ConceptoTrabajo[], d: number): ImpuestosResumen | undefined {
  const traslados = new Map<string, { l: LineaTrabajo; base: Fijo; importe: Fijo }>();
  const retenciones = new Map<Impuesto, Fijo>();
  let hayTasaOCuota = false;
  let totalTrasladados: Fijo = FIJO_CERO;
  let totalRetenidos: Fijo = FIJO_CERO;
  for (const c of trabajo) {
    for (const t of c.lineas) {
      if (t.tipo === 'retencion') {
        const imp = t.importe!;
        retenciones.set(t.impuesto, fijoMas(retenciones.get(t.impuesto) ?? FIJO_CERO, imp));
        totalRetenidos = fijoMas(totalRetenidos, imp);
        continue;
      }
      const k = `${t.impuesto}|${t.tipoFactor}|${t.tasaTexto ?? ''}`;
      const imp = t.importe ?? FIJO_CERO;
      const prev = traslados.get(k);
      if (prev) {
        prev.base = fijoMas(prev.base, t.base);
        prev.importe = fijoMas(prev.importe, imp);
      } else {
        traslados.set(k, { l: t, base: t.base, importe: imp });
      }
      if (t.tipoFactor !== TIPO_FACTOR.EXENTO) {
        hayTasaOCuota = true;
        totalTrasladados = fijoMas(totalTrasladados, imp);
      }
    }
  }
  if (traslados.size === 0 && retenciones.size === 0) return undefined;
  const resumen: ImpuestosResumen = {
    Retenciones: [...retenciones].map(([Impuesto, imp]) => ({
      Impuesto,
      Importe: fijoTexto(imp, d),
    })),
    Traslados: [...traslados.values()].map(({ l, base, importe }) => {
      const t: LineaImpuesto = {
        Base: fijoTexto(base, d),
        Impuesto: l.impuesto,
        TipoFactor: l.tipoFactor,
      };
      if (l.tipoFactor !== TIPO_FACTOR.EXENTO) {
        t.TasaOCuota = l.tasaTexto!;
        t.Importe = fijoTexto(importe, d);
      }
      return t;
    }),
  };
  if (retenciones.size > 0) resumen.TotalImpuestosRetenidos = fijoTexto(totalRetenidos, d);
  if (hayTasaOCuota) resumen.TotalImpuestosTrasladados = fijoTexto(totalTrasladados, d);
  return resumen;
}

function calcularLocales(
  draft: CalculoDraft,
  conceptos: ConceptoCalculado[],
  d: number,
  errores: ErrorCalculo[],
): ImpuestosLocalesCalculados | undefined {
  const grupos = new Map<
    string,
    { tipo: 'traslado' | 'retencion'; nombre: string; tasa: Fijo; base: Fijo }
  >();
  draft.conceptos.forEach((c, i) => {
    (c.impuestosLocales ?? []).forEach((loc, j) => {
      const f = `conceptos[${i}].impuestosLocales[${j}]`;
      const nombre = loc.nombre.replace(/[ \t\r\n]+/g, ' ').trim();
      if (nombre === '' || nombre.includes('|')) {
        errores.push({
          field: `${f}.nombre`,
          message: 'El nombre del impuesto local no es válido.',
        });
        return;
      }
      const tasa = leerNumero(loc.tasa, `${f}.tasa`, 'La tasa del impuesto local', errores, {
        positivo: true,
        maxDecimales: 2,
      });
      if (!tasa) return;
      const k = `${loc.tipo}|${nombre}|${fijoTexto(tasa.valor, 2)}`;
      const base = fijo(conceptos[i]!.BaseLocal);
      const g = grupos.get(k);
      if (g) g.base = fijoMas(g.base, base);
      else grupos.set(k, { tipo: loc.tipo, nombre, tasa: tasa.valor, base });
    });
  });
  if (grupos.size === 0) return undefined;
  if (d !== 2) {
    errores.push({
      field: 'moneda',
      message: 'Los impuestos locales solo se admiten en monedas con dos decimales.',
    });
    return undefined;
  }
  const out: ImpuestosLocalesCalculados = {
    RetencionesLocales: [],
    TrasladosLocales: [],
    TotaldeRetenciones: '0.00',
    TotaldeTraslados: '0.00',
  };
  let tr: Fijo = FIJO_CERO;
  let tt: Fijo = FIJO_CERO;
  for (const g of grupos.values()) {
    const importe = fijoRedondear(fijoEntre10(fijoPor(g.base, g.tasa), 2), 2);
    const linea: ImpuestoLocalCalculado = {
      nombre: g.nombre,
      tasa: fijoTexto(g.tasa, 2),
      base: fijoTexto(g.base, 2),
      importe: fijoTexto(importe, 2),
    };
    if (g.tipo === 'retencion') {
      out.RetencionesLocales.push(linea);
      tr = fijoMas(tr, importe);
    } else {
      out.TrasladosLocales.push(linea);
      tt = fijoMas(tt, importe);
    }
  }
  out.TotaldeRetenciones = fijoTexto(tr, 2);
  out.TotaldeTraslados = fijoTexto(tt, 2);
  return out;
}

/**
 * From a draft to every amount of the CFDI (rules 2.9): Importe, Descuento, tax bases and amounts
 * (largest remainder per group), the Impuestos summary, local taxes, SubTotal and Total, all as
 * decimal text with the currency's decimals. Browser-safe; never throws for user input.
 */
export function calcularComprobante(draft: CalculoDraft): ResultadoCalculo {
  const errores: ErrorCalculo[] = [];
  const d = decimalesDeMoneda(draft, errores);
  if (d === undefined) return { ok: false, errores };
  if (draft.conceptos.length === 0) {
    return {
      ok: false,
      errores: [{ field: 'conceptos', message: 'Agregue al menos un concepto.' }],
    };
  }
  const trabajo: ConceptoTrabajo[] = [];
  draft.conceptos.forEach((c, i) => {
    const t = prepararConcepto(c, i, d, errores);
    if (t) trabajo.push(t);
  });
  if (errores.length > 0) return { ok: false, errores };

  const todas = trabajo.flatMap((c) => c.lineas);
  // IEPS first: the IVA of a concepto with ivaSobreIeps includes it in its base.
  calcularLineas(
    todas.filter((l) => l.impuesto === IMPUESTO.IEPS),
    trabajo,
    d,
    errores,
    draft.redondeo === 'porLinea',
  );
  calcularLineas(
    todas.filter((l) => l.impuesto !== IMPUESTO.IEPS),
    trabajo,
    d,
    errores,
    draft.redondeo === 'porLinea',
  );
  if (errores.length > 0) return { ok: false, errores };

  const conceptos: ConceptoCalculado[] = trabajo.map((c) => {
    const out: ConceptoCalculado = {
      Cantidad: c.cantidad,
      ValorUnitario: c.valorUnitario,
      Importe: fijoTexto(c.importe, d),
      ObjetoImp: c.objetoImp,
      Traslados: [],
      Retenciones: [],
      BaseLocal: fijoTexto(fijoMenos(c.importe, c.descuento), d),
    };
    for (const l of c.lineas) {
      (l.tipo === 'traslado' ? out.Traslados : out.Retenciones).push(lineaEscrita(l, d));
    }
    if (c.descuento.n > 0) out.Descuento = fijoTexto(c.descuento, d);
    return out;
  });

  let subTotal: Fijo = FIJO_CERO;
  let descuento: Fijo = FIJO_CERO;
  let hayDescuento = false;
  for (const c of trabajo) {
    subTotal = fijoMas(subTotal, c.importe);
    if (c.descuento.n > 0) {
      hayDescuento = true;
      descuento = fijoMas(descuento, c.descuento);
    }
  }
  const impuestos = resumirImpuestos(trabajo, d);
  const locales = calcularLocales(draft, conceptos, d, errores);
  if (errores.length > 0) return { ok: false, errores };

  let total = fijoMenos(subTotal, descuento);
  if (impuestos?.TotalImpuestosTrasladados)
    total = fijoMas(total, fijo(impuestos.TotalImpuestosTrasladados));
  if (impuestos?.TotalImpuestosRetenidos)
    total = fijoMenos(total, fijo(impuestos.TotalImpuestosRetenidos));
  if (locales)
    total = fijoMenos(
      fijoMas(total, fijo(locales.TotaldeTraslados)),
      fijo(locales.TotaldeRetenciones),
    );
  if (total.n < 0) {
    return {
      ok: false,
      errores: [
        {
          field: 'total',
          message: 'El total no puede ser negativo: las retenciones exceden el importe.',
        },
      ],
    };
  }
  return {
    ok: true,
    totales: {
      decimales: d,
      conceptos,
      SubTotal: fijoTexto(subTotal, d),
      ...(hayDescuento ? { Descuento: fijoTexto(descuento, d) } : {}),
      ...(impuestos ? { Impuestos: impuestos } : {}),
      ...(locales ? { ImpuestosLocales: locales } : {}),
      Total: fijoTexto(total, d),
    },
  };
}
