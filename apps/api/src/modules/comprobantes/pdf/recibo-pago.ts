import type { Catalogos } from '@repo/catalogos';
import type { Comprobante, DoctoRelacionado, Pago } from '@repo/cfdi/xml';
import { formatCantidad, formatFecha, formatMoney, formatTasa } from './formato.ts';
import { importeConLetra } from './importe-con-letra.ts';

/**
 * The representación impresa of a CFDI de pagos (tipo P) as a person recognises it: a "recibo de
 * pago". The payment's data (date, form, currency, amount, operation and bank accounts) stand where
 * an invoice has its payment terms; the invoices it pays are a table of balances before, paid and
 * after, with the taxes each payment carries; the totals are the amount received and the Totales
 * of the complement. The CFDI's own concepto and its total (0 XXX) are stated in one note line.
 * Every figure is the XML's text.
 */

/** What recibo-pago draws with: the renderer's text, measure and page helpers. */
export interface Lienzo {
  readonly doc: PDFKit.PDFDocument;
  y: number;
  readonly L: {
    M: number;
    W: number;
    C: Record<'ink' | 'muted' | 'accent' | 'band' | 'zebra' | 'line', string>;
    F: { r: string; b: string };
  };
  t(
    text: string,
    x: number,
    y: number,
    width: number,
    font?: string,
    size?: number,
    color?: string,
    align?: 'left' | 'right' | 'center',
  ): number;
  h(text: string, width: number, font: string, size: number): number;
  ensure(height: number): boolean;
  titulo(text: string, x?: number, width?: number): void;
  campo(label: string, value: string, x: number, y: number, width: number): number;
}

type Cat = Pick<Catalogos, 'formaPago' | 'moneda' | 'claveUnidad'>;

const IMPUESTO: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

function conDescripcion(clave: string, descripcion: string | undefined): string {
  return descripcion ? `${clave} - ${descripcion}` : clave;
}

function cuenta(rfcBanco: string | undefined, cta: string | undefined, banco?: string): string {
  return [cta, rfcBanco ? `banco ${rfcBanco}` : '', banco ?? ''].filter(Boolean).join(' · ');
}

/**
 * The right column of the receptor box: the data of the payment (the one of the complement; when
 * a complement carries several, each one's data go with its invoices further down).
 */
export function datosDelPago(
  l: Lienzo,
  cat: Cat,
  pagos: readonly Pago[],
  x: number,
  y0: number,
  w: number,
): number {
  let y = y0;
  const p = pagos[0];
  if (!p || pagos.length > 1) {
    return (
      y + l.campo('Pagos', `${String(pagos.length)} pagos; el detalle de cada uno sigue.`, x, y, w)
    );
  }
  y += l.t('MONTO RECIBIDO', x, y, w, l.L.F.b, 6.2, l.L.C.muted);
  y += l.t(`${formatMoney(p.Monto)} ${p.MonedaP}`, x, y, w, l.L.F.b, 12, l.L.C.accent) + 3;
  y += l.campo('Fecha de pago', formatFecha(p.FechaPago), x, y, w);
  y += l.campo(
    'Forma de pago',
    conDescripcion(p.FormaDePagoP, cat.formaPago(p.FormaDePagoP)?.descripcion),
    x,
    y,
    w,
  );
  const moneda = conDescripcion(p.MonedaP, cat.moneda(p.MonedaP)?.descripcion);
  y += l.campo(
    'Moneda del pago',
    p.TipoCambioP && p.TipoCambioP !== '1' ? `${moneda} · tipo de cambio ${p.TipoCambioP}` : moneda,
    x,
    y,
    w,
  );
  if (p.NumOperacion) y += l.campo('Número de operación', p.NumOperacion, x, y, w);
  const ordenante = cuenta(p.RfcEmisorCtaOrd, p.CtaOrdenante, p.NomBancoOrdExt);
  if (ordenante) y += l.campo('Cuenta ordenante', ordenante, x, y, w);
  const beneficiaria = cuenta(p.RfcEmisorCtaBen, p.CtaBeneficiario);
  if (beneficiaria) y += l.campo('Cuenta beneficiaria', beneficiaria, x, y, w);
  if (p.TipoCadPago) y += l.campo('Cadena de pago', `${p.TipoCadPago} - SPEI`, x, y, w);
  return y;
}

/** One line of what the payment carries for an invoice: currency, equivalence, object and taxes. */
function detalleDocumento(d: DoctoRelacionado): string {
  const partes = [`UUID ${d.IdDocumento}`, `Moneda ${d.MonedaDR}`];
  if (d.EquivalenciaDR && d.EquivalenciaDR !== '1') partes.push(`Equivalencia ${d.EquivalenciaDR}`);
  partes.push(`Objeto de impuesto ${d.ObjetoImpDR}`);
  for (const tr of d.ImpuestosDR?.TrasladosDR ?? []) {
    const n = IMPUESTO[tr.ImpuestoDR] ?? tr.ImpuestoDR;
    partes.push(
      tr.TipoFactorDR === 'Exento'
        ? `${n} exento: base ${formatMoney(tr.BaseDR)}`
        : `${n} trasladado ${formatTasa(tr.TasaOCuotaDR ?? '')}: base ${formatMoney(tr.BaseDR)}, importe ${formatMoney(tr.ImporteDR)}`,
    );
  }
  for (const re of d.ImpuestosDR?.RetencionesDR ?? []) {
    const n = IMPUESTO[re.ImpuestoDR] ?? re.ImpuestoDR;
    partes.push(
      `${n} retenido ${formatTasa(re.TasaOCuotaDR)}: base ${formatMoney(re.BaseDR)}, importe ${formatMoney(re.ImporteDR)}`,
    );
  }
  return partes.join('   ·   ');
}

const COLS = [
  { l: 'Factura (serie-folio)', w: 0, a: 'left' as const },
  { l: 'Parcialidad', w: 60, a: 'right' as const },
  { l: 'Saldo anterior', w: 92, a: 'right' as const },
  { l: 'Importe pagado', w: 92, a: 'right' as const },
  { l: 'Saldo insoluto', w: 92, a: 'right' as const },
];

/** The invoices a payment settles: balance before, paid and after, and its taxes, per invoice. */
export function facturasPagadas(l: Lienzo, cat: Cat, pagos: readonly Pago[]): void {
  const { M, W, C, F } = l.L;
  const fijas = COLS.reduce((s, c) => s + c.w, 0);
  const anchos = COLS.map((c) => c.w || W - fijas);
  pagos.forEach((p, n) => {
    const titulo =
      pagos.length > 1
        ? `Facturas que se pagan — pago ${String(n + 1)} de ${String(pagos.length)}`
        : 'Facturas que se pagan';
    l.ensure(60);
    l.titulo(titulo);
    if (pagos.length > 1) {
      const forma = cat.formaPago(p.FormaDePagoP)?.descripcion;
      const linea = `Fecha de pago: ${formatFecha(p.FechaPago)}   ·   Forma de pago: ${conDescripcion(p.FormaDePagoP, forma)}   ·   Monto: ${formatMoney(p.Monto)} ${p.MonedaP}${p.NumOperacion ? `   ·   Núm. de operación: ${p.NumOperacion}` : ''}`;
      l.y += 3 + l.t(linea, M + 5, l.y + 3, W - 10, F.r, 7.8) + 4;
    }
    const cabecera = () => {
      l.doc.rect(M, l.y, W, 13).fill(C.band);
      let x = M;
      COLS.forEach((c, i) => {
        l.t(c.l, x + 4, l.y + 3.5, (anchos[i] ?? 10) - 8, F.b, 6.8, C.accent, c.a);
        x += anchos[i] ?? 0;
      });
      l.y += 13;
    };
    cabecera();
    p.DoctoRelacionado.forEach((d, i) => {
      const celdas = [
        [d.Serie, d.Folio].filter(Boolean).join('-') || 'Sin serie ni folio',
        d.NumParcialidad,
        formatMoney(d.ImpSaldoAnt),
        formatMoney(d.ImpPagado),
        formatMoney(d.ImpSaldoInsoluto),
      ];
      const detalle = detalleDocumento(d);
      const detH = l.h(detalle, W - 8, F.r, 6.4);
      const rowH = 12 + 2 + detH + 6;
      if (l.ensure(rowH)) cabecera();
      if (i % 2 === 1) l.doc.rect(M, l.y, W, rowH).fill(C.zebra);
      let x = M;
      celdas.forEach((v, k) => {
        const bold = k === 0 || k === 3;
        l.t(v, x + 4, l.y + 4, (anchos[k] ?? 10) - 8, bold ? F.b : F.r, 8.4, C.ink, COLS[k]?.a);
        x += anchos[k] ?? 0;
      });
      l.t(detalle, M + 4, l.y + 16, W - 8, F.r, 6.4, C.muted);
      l.y += rowH;
      l.doc
        .moveTo(M, l.y)
        .lineTo(M + W, l.y)
        .lineWidth(0.4)
        .strokeColor(C.line)
        .stroke();
    });
    l.y += 8;
  });
}

/** The CFDI's own concepto and total: a payment's CFDI carries one "Pago" line at 0 (rules 7.1). */
export function notaConcepto(l: Lienzo, cat: Cat, cfdi: Comprobante): void {
  const { M, W, C, F } = l.L;
  const c = cfdi.Conceptos[0];
  if (!c) return;
  const unidad = cat.claveUnidad(c.ClaveUnidad)?.nombre;
  const texto = `Concepto del CFDI: ${c.ClaveProdServ} - ${c.Descripcion} · ${conDescripcion(c.ClaveUnidad, unidad)} · cantidad ${formatCantidad(c.Cantidad)} · valor unitario ${formatMoney(c.ValorUnitario)} · importe ${formatMoney(c.Importe)} · objeto de impuesto ${c.ObjetoImp}. Subtotal ${formatMoney(cfdi.SubTotal)} y total ${formatMoney(cfdi.Total)} ${cfdi.Moneda}: el importe recibido es el de los pagos.`;
  const alto = l.h(texto, W - 10, F.r, 6.6) + 6;
  l.ensure(alto);
  l.t(texto, M + 5, l.y, W - 10, F.r, 6.6, C.muted);
  l.y += alto + 4;
}

/** The amount received in words, the complement's Totales and the total received. */
export function totalesPago(l: Lienzo, cfdi: Comprobante): void {
  const pagos = cfdi.Complemento?.Pagos;
  if (!pagos) return;
  const { M, W, C, F } = l.L;
  const tot = pagos.Totales;
  const filas: [string, string | undefined][] = [
    ['Base IVA 16%', tot.TotalTrasladosBaseIVA16],
    ['IVA trasladado 16%', tot.TotalTrasladosImpuestoIVA16],
    ['Base IVA 8%', tot.TotalTrasladosBaseIVA8],
    ['IVA trasladado 8%', tot.TotalTrasladosImpuestoIVA8],
    ['Base IVA 0%', tot.TotalTrasladosBaseIVA0],
    ['IVA trasladado 0%', tot.TotalTrasladosImpuestoIVA0],
    ['Base IVA exento', tot.TotalTrasladosBaseIVAExento],
    ['ISR retenido', tot.TotalRetencionesISR],
    ['IVA retenido', tot.TotalRetencionesIVA],
    ['IEPS retenido', tot.TotalRetencionesIEPS],
  ];
  const visibles = filas.flatMap(([k, v]) => (v !== undefined ? [[k, v] as const] : []));
  const tw = 230;
  const tx = M + W - tw;
  const lw = W - tw - 14;
  // MontoTotalPagos is always in MXN (rules 7.3).
  const letras = importeConLetra(tot.MontoTotalPagos, 'MXN');
  const letrasH = 13 + l.h(letras, lw - 10, F.b, 8.2) + 10;
  const alto = visibles.length * 12 + 20;
  l.ensure(Math.max(alto, letrasH) + 6);
  const top = l.y;
  l.doc.rect(M, top, lw, 13).fill(C.accent);
  l.t('IMPORTE PAGADO CON LETRA', M + 5, top + 3.3, lw - 10, F.b, 7.2, '#ffffff');
  l.t(letras, M + 5, top + 17, lw - 10, F.b, 8.2);
  l.doc.rect(M, top, lw, letrasH).lineWidth(0.6).strokeColor(C.line).stroke();
  let y = top;
  for (const [k, v] of visibles) {
    l.t(k, tx + 5, y + 2.5, 140, F.r, 7.8, C.muted);
    l.t(formatMoney(v), tx + 140, y + 2.5, tw - 145, F.r, 7.8, C.ink, 'right');
    y += 12;
    l.doc
      .moveTo(tx, y)
      .lineTo(tx + tw, y)
      .lineWidth(0.3)
      .strokeColor(C.line)
      .stroke();
  }
  l.doc.rect(tx, y, tw, 18).fill(C.accent);
  l.t('Total pagado MXN', tx + 5, y + 4.5, 140, F.b, 9, '#ffffff');
  l.t(formatMoney(tot.MontoTotalPagos), tx + 140, y + 4.5, tw - 145, F.b, 9, '#ffffff', 'right');
  y += 18;
  l.y = Math.max(y, top + letrasH) + 12;
}
