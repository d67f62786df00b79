import { decimal, formatear } from '@repo/cfdi/decimal';
import type { Comprobante, Concepto } from '@repo/cfdi/xml';
import { formatMoney, formatTasa } from './formato.ts';

/**
 * The PDF section of a factura global: its conceptos are the period's sales, all with the same
 * ClaveProdServ, Cantidad, ClaveUnidad and Descripción (rules 8.2), so those are stated once and each
 * sale takes one line (folio de venta, objeto de impuesto, taxes, importe, descuento, total). A month
 * of thousands of tickets prints in about seventy lines per page instead of one block per concepto.
 */

export interface LayoutPdf {
  M: number;
  W: number;
  BOTTOM: number;
  C: { ink: string; muted: string; accent: string; band: string; zebra: string; line: string };
  F: { r: string; b: string };
}

const NOMBRE: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
const FILA = 10;

function impuestos(c: Concepto): string {
  return (c.Impuestos?.Traslados ?? [])
    .map((t) =>
      t.TipoFactor === 'Exento'
        ? `${NOMBRE[t.Impuesto] ?? t.Impuesto} exento`
        : `${NOMBRE[t.Impuesto] ?? t.Impuesto} ${formatTasa(t.TasaOCuota ?? '')}: ${formatMoney(t.Importe)}`,
    )
    .join(' · ');
}

/** Importe − Descuento + the transferred taxes, exactly as written in the XML. */
function totalDe(c: Concepto): string {
  let total = decimal(c.Importe).minus(decimal(c.Descuento ?? '0'));
  for (const t of c.Impuestos?.Traslados ?? [])
    if (t.Importe) total = total.plus(decimal(t.Importe));
  return formatMoney(formatear(total, 2));
}

/** Draws the sales from `y` on, adding pages as needed; answers the y after the table. */
export function dibujarVentasGlobales(
  doc: PDFKit.PDFDocument,
  cfdi: Comprobante,
  y0: number,
  L: LayoutPdf,
): number {
  const { M, W, BOTTOM, C, F } = L;
  const cols = [
    { l: '#', w: 34, a: 'right' as const },
    { l: 'Folio de venta (No. identificación)', w: 128, a: 'left' as const },
    { l: 'Obj. imp.', w: 34, a: 'left' as const },
    { l: 'Impuestos trasladados', w: W - 34 - 128 - 34 - 3 * 62, a: 'left' as const },
    { l: 'Importe', w: 62, a: 'right' as const },
    { l: 'Descuento', w: 62, a: 'right' as const },
    { l: 'Total', w: 62, a: 'right' as const },
  ];
  const texto = (
    t: string,
    x: number,
    y: number,
    w: number,
    font: string,
    size: number,
    color: string,
    align: 'left' | 'right',
  ) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(t, x, y, { width: w, align, lineBreak: false, ellipsis: true });
  let y = y0;
  const cabecera = (continua: boolean) => {
    doc.rect(M, y, W, 13).fill(C.accent);
    texto(
      `VENTAS DEL PERIODO${continua ? ' (CONTINUACIÓN)' : ''} — ${cfdi.Conceptos.length.toLocaleString('en-US')}`,
      M + 5,
      y + 3.3,
      W - 10,
      F.b,
      7.2,
      '#ffffff',
      'left',
    );
    y += 13;
    if (!continua) {
      const k = cfdi.Conceptos[0];
      const nota = k
        ? `Cada venta es un concepto con clave de producto o servicio ${k.ClaveProdServ}, cantidad ${k.Cantidad}, clave de unidad ${k.ClaveUnidad} - Actividad y descripción "${k.Descripcion}".`
        : '';
      texto(nota, M + 3, y + 3, W - 6, F.r, 6.8, C.muted, 'left');
      y += 12;
    }
    doc.rect(M, y, W, 12).fill(C.band);
    let x = M;
    for (const c of cols) {
      texto(c.l, x + 3, y + 3, c.w - 6, F.b, 6.5, C.accent, c.a);
      x += c.w;
    }
    y += 12;
  };
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = M;
  }
  cabecera(false);
  cfdi.Conceptos.forEach((k, i) => {
    if (y + FILA > BOTTOM) {
      doc.addPage();
      y = M;
      cabecera(true);
    }
    if (i % 2 === 1) doc.rect(M, y, W, FILA).fill(C.zebra);
    const celdas = [
      String(i + 1),
      k.NoIdentificacion ?? '',
      k.ObjetoImp,
      impuestos(k),
      formatMoney(k.Importe),
      k.Descuento ? formatMoney(k.Descuento) : '',
      totalDe(k),
    ];
    let x = M;
    celdas.forEach((t, j) => {
      const c = cols[j]!;
      texto(t, x + 3, y + 2, c.w - 6, F.r, 6.8, C.ink, c.a);
      x += c.w;
    });
    y += FILA;
  });
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.4)
    .strokeColor(C.line)
    .stroke();
  return y + 10;
}
