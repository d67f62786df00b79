import type { Catalogos } from '@repo/catalogos';
import type { Comprobante, Concepto } from '@repo/cfdi/xml';
import { C, F, IMPUESTO_NOMBRE, M, W } from './disposicion.ts';
import { formatCantidad, formatMoney, formatTasa } from './formato.ts';
import type { Lienzo } from './recibo-pago.ts';

/**
 * The conceptos table: one row per concepto with its detail line (ObjetoImp, identifiers, taxes)
 * under the description, continued on new pages with its header repeated.
 */
const COLS = [
  { key: 'clave', label: 'Clave prod./serv.', w: 54, align: 'left' as const },
  { key: 'cantidad', label: 'Cantidad', w: 46, align: 'right' as const },
  { key: 'unidad', label: 'Clave unidad', w: 62, align: 'left' as const },
  { key: 'descripcion', label: 'Descripción', w: 0, align: 'left' as const },
  { key: 'vu', label: 'Valor unitario', w: 66, align: 'right' as const },
  { key: 'descuento', label: 'Descuento', w: 56, align: 'right' as const },
  { key: 'importe', label: 'Importe', w: 68, align: 'right' as const },
];

function colX(): { x: number; w: number; align: 'left' | 'right' }[] {
  const fixed = COLS.reduce((s, c) => s + c.w, 0);
  let x = M;
  return COLS.map((c) => {
    const w = c.w || W - fixed;
    const r = { x, w, align: c.align };
    x += w;
    return r;
  });
}

function cabeceraConceptos(r: Lienzo, continua: boolean): void {
  r.titulo(continua ? 'Conceptos (continuación)' : 'Conceptos');
  const xs = colX();
  const alto = Math.max(...COLS.map((c, i) => r.h(c.label, (xs[i]?.w ?? 10) - 6, F.b, 6.5))) + 7;
  r.doc.rect(M, r.y, W, alto).fill(C.band);
  COLS.forEach((c, i) => {
    const p = xs[i];
    if (p) r.t(c.label, p.x + 3, r.y + 3.5, p.w - 6, F.b, 6.5, C.accent, p.align);
  });
  r.y += alto;
}

function impuestosDe(c: Concepto): string[] {
  const out: string[] = [];
  for (const tr of c.Impuestos?.Traslados ?? []) {
    const nombre = IMPUESTO_NOMBRE[tr.Impuesto] ?? tr.Impuesto;
    if (tr.TipoFactor === 'Exento') {
      // Anexo 20: an exempt traslado has no TasaOCuota and no Importe; only its base is printed.
      out.push(`${nombre} exento: base ${formatMoney(tr.Base)}`);
    } else {
      const tasa =
        tr.TipoFactor === 'Tasa' ? formatTasa(tr.TasaOCuota ?? '') : `cuota ${tr.TasaOCuota ?? ''}`;
      out.push(
        `${nombre} trasladado ${tasa}: base ${formatMoney(tr.Base)}, importe ${formatMoney(tr.Importe)}`,
      );
    }
  }
  for (const re of c.Impuestos?.Retenciones ?? []) {
    const nombre = IMPUESTO_NOMBRE[re.Impuesto] ?? re.Impuesto;
    const tasa = re.TipoFactor === 'Tasa' ? formatTasa(re.TasaOCuota) : `cuota ${re.TasaOCuota}`;
    out.push(
      `${nombre} retenido ${tasa}: base ${formatMoney(re.Base)}, importe ${formatMoney(re.Importe)}`,
    );
  }
  return out;
}

function detalleDe(c: Concepto): string {
  const partes: string[] = [`Objeto de impuesto ${c.ObjetoImp}`];
  if (c.NoIdentificacion) partes.push(`No. identificación: ${c.NoIdentificacion}`);
  if (c.CuentaPredial?.length)
    partes.push(`Cuenta predial: ${c.CuentaPredial.map((p) => p.Numero).join(', ')}`);
  if (c.InformacionAduanera?.length)
    partes.push(`Pedimento: ${c.InformacionAduanera.map((p) => p.NumeroPedimento).join(', ')}`);
  if (c.ACuentaTerceros)
    partes.push(
      `A cuenta de terceros: ${c.ACuentaTerceros.NombreACuentaTerceros} (${c.ACuentaTerceros.RfcACuentaTerceros})`,
    );
  return [...partes, ...impuestosDe(c)].join('   ·   ');
}

export function dibujarConceptos(
  r: Lienzo,
  cfdi: Comprobante,
  cat: Pick<Catalogos, 'claveUnidad'>,
): void {
  const xs = colX();
  const desc = xs[3];
  if (!desc) return;
  const detailX = desc.x + 3;
  const detailW = M + W - detailX - 3;
  r.ensure(60);
  cabeceraConceptos(r, false);
  cfdi.Conceptos.forEach((c, i) => {
    const unidadNombre = c.Unidad ?? cat.claveUnidad(c.ClaveUnidad)?.nombre ?? '';
    const celdas = [
      c.ClaveProdServ,
      formatCantidad(c.Cantidad),
      unidadNombre ? `${c.ClaveUnidad} - ${unidadNombre}` : c.ClaveUnidad,
      c.Descripcion,
      formatMoney(c.ValorUnitario),
      c.Descuento ? formatMoney(c.Descuento) : '',
      formatMoney(c.Importe),
    ];
    const sizes = celdas.map((text, k) =>
      r.h(text, (xs[k]?.w ?? 10) - 6, F.r, k === 3 ? 7.8 : 7.5),
    );
    const descH = sizes[3] ?? 0;
    const detalle = detalleDe(c);
    const detH = r.h(detalle, detailW, F.r, 6.4);
    // The detail line (object, taxes) runs under the description and the amount columns.
    const rowH = Math.max(...sizes, descH + 2 + detH) + 7;
    if (r.ensure(rowH)) cabeceraConceptos(r, true);
    if (i % 2 === 1) r.doc.rect(M, r.y, W, rowH).fill(C.zebra);
    celdas.forEach((text, k) => {
      const p = xs[k];
      if (p) r.t(text, p.x + 3, r.y + 3.5, p.w - 6, F.r, k === 3 ? 7.8 : 7.5, C.ink, p.align);
    });
    r.t(detalle, detailX, r.y + 3.5 + descH + 2, detailW, F.r, 6.4, C.muted);
    r.y += rowH;
    r.doc
      .moveTo(M, r.y)
      .lineTo(M + W, r.y)
      .lineWidth(0.4)
      .strokeColor(C.line)
      .stroke();
  });
  r.y += 10;
}
