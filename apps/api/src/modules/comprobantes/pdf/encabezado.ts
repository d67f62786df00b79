import type { Catalogos } from '@repo/catalogos';
import type { Comprobante, TimbreFiscalDigital } from '@repo/cfdi/xml';
import { C, F, M, W } from './disposicion.ts';
import type { EmisorDelPdf } from './emisor-del-pdf.ts';
import { conDescripcion, formatFecha } from './formato.ts';
import type { Lienzo } from './recibo-pago.ts';

export const TIPO_TITULO: Record<string, string> = {
  I: 'FACTURA',
  E: 'NOTA DE CRÉDITO',
  P: 'RECIBO DE PAGO',
  T: 'TRASLADO',
  N: 'NÓMINA',
};
const TIPO_NOMBRE: Record<string, string> = {
  I: 'Ingreso',
  E: 'Egreso',
  P: 'Pago',
  T: 'Traslado',
  N: 'Nómina',
};

/** The header: the logo (left), the emisor (middle) and the document's box (right). */
export function dibujarEncabezado(
  r: Lienzo,
  cfdi: Comprobante,
  tfd: TimbreFiscalDigital,
  cat: Pick<Catalogos, 'regimenFiscal' | 'exportaciones'>,
  logo: { data: Buffer; mime: string } | null,
  serieFolio: string,
  emisor: EmisorDelPdf | null,
): void {
  const top = r.y;
  const boxW = 200;
  const boxX = M + W - boxW;
  // Logo, left.
  let logoW = 0;
  if (logo && (logo.mime === 'image/png' || logo.mime === 'image/jpeg')) {
    try {
      r.doc.image(logo.data, M, top, { fit: [120, 72] });
      logoW = 130;
    } catch {
      // An unreadable image leaves the space to the text; the document is still valid.
      logoW = 0;
    }
  }
  // Emisor, middle.
  const ex = M + logoW;
  const ew = boxX - ex - 12;
  let ey = top;
  // The trade name the customer knows first, then the legal name the CFDI carries.
  const comercial = emisor?.nombreComercial ?? '';
  if (comercial && comercial.toUpperCase() !== cfdi.Emisor.Nombre.toUpperCase()) {
    ey += r.t(comercial, ex, ey, ew, F.b, 11.5, C.accent) + 2;
    ey += r.t(cfdi.Emisor.Nombre, ex, ey, ew, F.b, 9) + 3;
  } else {
    ey += r.t(cfdi.Emisor.Nombre, ex, ey, ew, F.b, 11.5, C.accent) + 3;
  }
  ey += r.t(`RFC: ${cfdi.Emisor.Rfc}`, ex, ey, ew, F.b, 8.5) + 2;
  const regimen = cat.regimenFiscal(cfdi.Emisor.RegimenFiscal);
  ey +=
    r.t(
      `Régimen fiscal: ${conDescripcion(cfdi.Emisor.RegimenFiscal, regimen?.descripcion)}`,
      ex,
      ey,
      ew,
    ) + 2;
  if (emisor?.domicilio) ey += r.t(`Domicilio: ${emisor.domicilio}`, ex, ey, ew) + 2;
  ey += r.t(`Lugar de expedición (C.P.): ${cfdi.LugarExpedicion}`, ex, ey, ew) + 2;

  // Document box, right.
  const titulo = cfdi.InformacionGlobal
    ? 'FACTURA GLOBAL'
    : (TIPO_TITULO[cfdi.TipoDeComprobante] ?? 'CFDI');
  r.doc.rect(boxX, top, boxW, 30).fill(C.accent);
  r.t(titulo, boxX + 6, top + 4, boxW - 12, F.b, 8.5, '#ffffff', 'center');
  r.t(
    serieFolio ? `Serie y folio: ${serieFolio}` : 'Sin serie ni folio',
    boxX + 6,
    top + 16,
    boxW - 12,
    F.b,
    9,
    '#ffffff',
    'center',
  );
  let by = top + 34;
  const bx = boxX + 6;
  const bw = boxW - 12;
  by += r.campo('Folio fiscal (UUID)', tfd.UUID, bx, by, bw);
  by += r.campo('Fecha y hora de emisión', formatFecha(cfdi.Fecha), bx, by, bw);
  by += r.campo('Fecha y hora de certificación', formatFecha(tfd.FechaTimbrado), bx, by, bw);
  by += r.campo('No. de certificado del emisor', cfdi.NoCertificado ?? '', bx, by, bw);
  by += r.campo('No. de certificado del SAT', tfd.NoCertificadoSAT, bx, by, bw);
  const tipo = `${cfdi.TipoDeComprobante} - ${TIPO_NOMBRE[cfdi.TipoDeComprobante] ?? ''}`;
  by += r.campo('Tipo de comprobante', tipo, bx, by, bw);
  const exportacion = cat.exportaciones.get(cfdi.Exportacion)?.descripcion;
  by += r.campo('Exportación', conDescripcion(cfdi.Exportacion, exportacion), bx, by, bw);
  r.doc
    .rect(boxX, top, boxW, by - top)
    .lineWidth(0.8)
    .strokeColor(C.accent)
    .stroke();
  r.y = Math.max(ey, top + 72, by) + 10;
}
