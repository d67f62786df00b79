import type { Comprobante, TimbreFiscalDigital } from '@repo/cfdi/xml';
import { cadenaOriginalTfd } from '@repo/pac';
import { C, F, M, PAGE, W } from './disposicion.ts';
import { formatFecha } from './formato.ts';
import type { Lienzo } from './recibo-pago.ts';
import { bandaSinValidez, marcaDiagonalSinValidez, recuadroSinQr } from './sin-validez-fiscal.ts';

/**
 * The timbre block (the SAT's verification QR, or for a test stamp a box saying why there is none;
 * both sellos and the TFD's cadena, which never cross the margins) and every page's footer and marks.
 */
export function dibujarTimbre(
  r: Lienzo,
  cfdi: Comprobante,
  tfd: TimbreFiscalDigital,
  qr: { png: Buffer; url: string; pruebas: boolean },
): void {
  const cadena = cadenaOriginalTfd(tfd);
  const qrSize = 112;
  const tx = M + qrSize + 12;
  const tw = W - qrSize - 12;
  const bloques: [string, string][] = [
    ['Sello digital del CFDI', cfdi.Sello ?? tfd.SelloCFD],
    ['Sello digital del SAT', tfd.SelloSAT],
    ['Cadena original del complemento de certificación digital del SAT', cadena],
  ];
  const alturas = bloques.map(([, v]) => 9 + r.h(v, tw, F.mono, 6) + 4);
  const datos = `RFC del proveedor de certificación: ${tfd.RfcProvCertif}   ·   No. de serie del certificado del SAT: ${tfd.NoCertificadoSAT}   ·   Fecha y hora de certificación: ${formatFecha(tfd.FechaTimbrado)}`;
  const datosH = r.h(datos, tw, F.r, 6.8) + 6;
  const total = 13 + 4 + Math.max(qrSize + 22, alturas.reduce((s, h) => s + h, 0) + datosH);
  r.ensure(total);
  r.titulo('Timbre fiscal digital');
  const top = r.y + 4;
  if (qr.pruebas) {
    recuadroSinQr(r.doc, M, top, qrSize);
  } else {
    r.doc.image(qr.png, M, top, { width: qrSize, height: qrSize });
    r.t(
      'Verifique este comprobante en el portal del SAT',
      M,
      top + qrSize + 2,
      qrSize,
      F.r,
      5.8,
      C.muted,
      'center',
    );
    r.doc.link(M, top, qrSize, qrSize, qr.url);
  }
  let y = top;
  bloques.forEach(([label, value], i) => {
    r.t(label.toUpperCase(), tx, y, tw, F.b, 6.2, C.accent);
    // Base64 has no spaces: Courier wraps it at character boundaries inside the column.
    r.doc
      .font(F.mono)
      .fontSize(6)
      .fillColor(C.ink)
      .text(value, tx, y + 9, { width: tw, lineGap: 0.5 });
    y += alturas[i] ?? 0;
  });
  r.t(datos, tx, y, tw, F.r, 6.8, C.ink);
  y += datosH;
  r.y = Math.max(y, top + qrSize + 22) + 4;
}

/** Footer, page numbers and the CANCELADO mark on every page. */
export function dibujarPaginas(
  r: Lienzo,
  uuid: string,
  serieFolio: string,
  marcas: { cancelado: boolean; pruebas: boolean },
): void {
  const range = r.doc.bufferedPageRange();
  const total = range.count;
  for (let i = 0; i < total; i++) {
    r.doc.switchToPage(range.start + i);
    if (marcas.cancelado) marcaCancelado(r, marcas.pruebas);
    else if (marcas.pruebas) marcaDiagonalSinValidez(r.doc, PAGE);
    if (marcas.pruebas) bandaSinValidez(r.doc, M, W, marcas.cancelado);
    const y = PAGE.height - 30;
    r.doc
      .moveTo(M, y - 4)
      .lineTo(M + W, y - 4)
      .lineWidth(0.4)
      .strokeColor(C.line)
      .stroke();
    const izquierda = `${marcas.pruebas ? 'Documento de prueba sin validez fiscal' : 'Este documento es una representación impresa de un CFDI 4.0'}   ·   ${[serieFolio, uuid].filter(Boolean).join('   ·   ')}`;
    r.t(izquierda, M, y, W - 80, F.r, 6.4, C.muted);
    r.t(
      `Página ${String(i + 1)} de ${String(total)}`,
      M + W - 80,
      y,
      80,
      F.r,
      6.4,
      C.muted,
      'right',
    );
  }
}

function marcaCancelado(r: Lienzo, pruebas: boolean): void {
  const d = r.doc;
  d.save();
  d.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  d.fillOpacity(0.16).fillColor(C.red).font(F.b).fontSize(96);
  d.text('CANCELADO', 0, PAGE.height / 2 - 48, {
    width: PAGE.width,
    align: 'center',
    lineBreak: false,
  });
  d.restore();
  d.fillOpacity(1);
  // A readable band too, for black-and-white copies (a test stamp's band says both).
  if (pruebas) return;
  d.rect(M, 8, W, 16).fill(C.red);
  r.t(
    'CANCELADO — este CFDI fue cancelado ante el SAT y no tiene efectos fiscales',
    M,
    12.5,
    W,
    F.b,
    8,
    '#ffffff',
    'center',
  );
}
