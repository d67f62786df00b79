import type { Comprobante } from '@repo/cfdi/xml';
import { C, F, IMPUESTO_NOMBRE, M, W } from './disposicion.ts';
import { formatCantidad, formatMoney, formatTasa } from './formato.ts';
import { importeConLetra } from './importe-con-letra.ts';
import type { Lienzo } from './recibo-pago.ts';

/** The amount in words (left) and the totals with each tax (right). */
export function dibujarTotales(r: Lienzo, cfdi: Comprobante): void {
  const rows: { label: string; value: string; bold?: boolean }[] = [
    { label: 'Subtotal', value: formatMoney(cfdi.SubTotal) },
  ];
  if (cfdi.Descuento) rows.push({ label: 'Descuento', value: `- ${formatMoney(cfdi.Descuento)}` });
  for (const tr of cfdi.Impuestos?.Traslados ?? []) {
    const nombre = IMPUESTO_NOMBRE[tr.Impuesto] ?? tr.Impuesto;
    if (tr.TipoFactor === 'Exento') {
      rows.push({
        label: `${nombre} exento (base ${formatMoney(tr.Base)})`,
        value: formatMoney('0'),
      });
    } else {
      const tasa =
        tr.TipoFactor === 'Tasa' ? formatTasa(tr.TasaOCuota ?? '') : `cuota ${tr.TasaOCuota ?? ''}`;
      rows.push({ label: `${nombre} trasladado ${tasa}`, value: formatMoney(tr.Importe) });
    }
  }
  for (const re of cfdi.Impuestos?.Retenciones ?? []) {
    rows.push({
      label: `${IMPUESTO_NOMBRE[re.Impuesto] ?? re.Impuesto} retenido`,
      value: `- ${formatMoney(re.Importe)}`,
    });
  }
  const il = cfdi.Complemento?.ImpuestosLocales;
  for (const t of il?.TrasladosLocales ?? []) {
    rows.push({
      label: `${t.ImpLocTrasladado} ${formatCantidad(t.TasadeTraslado)}% (local trasladado)`,
      value: formatMoney(t.Importe),
    });
  }
  for (const t of il?.RetencionesLocales ?? []) {
    rows.push({
      label: `${t.ImpLocRetenido} ${formatCantidad(t.TasadeRetencion)}% (local retenido)`,
      value: `- ${formatMoney(t.Importe)}`,
    });
  }
  rows.push({ label: `Total ${cfdi.Moneda}`, value: formatMoney(cfdi.Total), bold: true });

  const tw = 230;
  const tx = M + W - tw;
  const labelW = 140;
  const heights = rows.map((fila) => Math.max(r.h(fila.label, labelW - 6, F.r, 7.8), 9) + 5);
  const total = heights.reduce((s, h) => s + h, 0);
  const letras = importeConLetra(cfdi.Total, cfdi.Moneda);
  const lw = W - tw - 14;
  const letrasH = 13 + r.h(letras, lw - 10, F.b, 8.2) + 10;
  r.ensure(Math.max(total, letrasH) + 6);
  const top = r.y;
  // Amount in words, left.
  r.doc.rect(M, top, lw, 13).fill(C.accent);
  r.t('IMPORTE CON LETRA', M + 5, top + 3.3, lw - 10, F.b, 7.2, '#ffffff');
  r.t(letras, M + 5, top + 17, lw - 10, F.b, 8.2);
  r.doc.rect(M, top, lw, letrasH).lineWidth(0.6).strokeColor(C.line).stroke();
  // Totals, right.
  let y = top;
  rows.forEach((fila, i) => {
    const h = heights[i] ?? 12;
    if (fila.bold) {
      r.doc.rect(tx, y, tw, h + 3).fill(C.accent);
      r.t(fila.label, tx + 5, y + 4, labelW, F.b, 9, '#ffffff');
      r.t(fila.value, tx + labelW, y + 4, tw - labelW - 5, F.b, 9, '#ffffff', 'right');
      y += h + 3;
    } else {
      r.t(fila.label, tx + 5, y + 2.5, labelW - 6, F.r, 7.8, C.muted);
      r.t(fila.value, tx + labelW, y + 2.5, tw - labelW - 5, F.r, 7.8, C.ink, 'right');
      y += h;
      r.doc
        .moveTo(tx, y)
        .lineTo(tx + tw, y)
        .lineWidth(0.3)
        .strokeColor(C.line)
        .stroke();
    }
  });
  r.y = Math.max(y, top + letrasH) + 12;
}
