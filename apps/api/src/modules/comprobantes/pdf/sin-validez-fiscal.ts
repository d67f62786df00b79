import {
  SIN_VALIDEZ_FISCAL_LEYENDA,
  SIN_VALIDEZ_FISCAL_TITULO,
} from '@repo/contracts/modo-pruebas';

/**
 * The marks of a document stamped by a test PAC, shared by every representación impresa (invoices,
 * payment complements, global invoices): a band and a diagonal mark on every page, and a box where
 * the SAT verification QR would be (a test stamp cannot be verified at the SAT, so it has no QR).
 */
type Doc = PDFKit.PDFDocument;

const AMBAR = '#b45309';
const FONDO = '#fff7e6';

/** The band on top of a page (y 8 to 24); with `cancelado`, the band says both things. */
export function bandaSinValidez(doc: Doc, x: number, width: number, cancelado: boolean): void {
  const texto = cancelado
    ? `CANCELADO · ${SIN_VALIDEZ_FISCAL_TITULO}`
    : `${SIN_VALIDEZ_FISCAL_TITULO} — timbrado por un PAC de pruebas, no enviado al SAT`;
  doc.rect(x, 8, width, 16).fill(cancelado ? '#c0392b' : AMBAR);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor('#ffffff')
    .text(texto, x, 12.5, { width, align: 'center', lineBreak: false });
}

/** The diagonal mark across the page (left out when the page carries the CANCELADO mark). */
export function marcaDiagonalSinValidez(doc: Doc, page: { width: number; height: number }): void {
  doc.save();
  doc.rotate(-35, { origin: [page.width / 2, page.height / 2] });
  doc.fillOpacity(0.12).fillColor(AMBAR).font('Helvetica-Bold').fontSize(64);
  doc.text('SIN VALIDEZ FISCAL', 0, page.height / 2 - 32, {
    width: page.width,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  doc.fillOpacity(1);
}

/** The box printed instead of the QR: why there is nothing to verify at the SAT. */
export function recuadroSinQr(doc: Doc, x: number, y: number, size: number): void {
  doc.rect(x, y, size, size).fill(FONDO);
  doc.rect(x, y, size, size).lineWidth(1).strokeColor(AMBAR).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(AMBAR)
    .text('SIN VALIDEZ FISCAL', x + 6, y + 10, { width: size - 12, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(6.4)
    .fillColor('#1f2933')
    .text(SIN_VALIDEZ_FISCAL_LEYENDA, x + 6, y + 26, {
      width: size - 12,
      align: 'center',
      lineGap: 0.5,
    });
}
