import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Catalogos } from '@repo/catalogos';
import type { ComprobanteType } from '@repo/contracts/comprobantes';
import { tipoComprobante } from '@repo/contracts/tipos-comprobante/registro';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import { dibujarRelacionados } from './cfdi-relacionados.ts';
import { BOTTOM, C, F, M, W } from './disposicion.ts';
import type { EmisorDelPdf } from './emisor-del-pdf.ts';
import { dibujarEncabezado, TIPO_TITULO } from './encabezado.ts';
import { dibujarReceptorYPago } from './receptor-y-pago.ts';
import type { Lienzo } from './recibo-pago.ts';
import { SECCIONES_PDF } from './secciones.ts';
import { dibujarPaginas, dibujarTimbre } from './timbre.ts';
import { verificacionUrl } from './verificacion-url.ts';

/**
 * The representación impresa (PDF) of a stamped CFDI 4.0, read from the stamped XML only: every
 * number printed is the text of the XML. Letter size; the conceptos table continues on new pages with
 * its header repeated; the timbre block (QR, sellos, cadena del TFD) never crosses the margins.
 */
export interface RepresentacionImpresaInput {
  /** The stamped XML, verbatim. */
  xml: string;
  /** Its registered type (the delivery's `Entregable.type`): which section its body is. */
  tipo: ComprobanteType;
  /** The enterprise's logo (PNG or JPEG; other formats are left out). */
  logo: { data: Buffer; mime: string } | null;
  /** The issuer's trade name and address from Mis datos fiscales (not in the CFDI 4.0 XML). */
  emisor?: EmisorDelPdf | null;
  cancelado: boolean;
  /**
   * Stamped by a test PAC (the sandbox): every page says it has no fiscal validity, and the SAT
   * verification QR is replaced by a box saying why there is nothing to verify.
   */
  pruebas: boolean;
  catalogos: Pick<
    Catalogos,
    | 'regimenFiscal'
    | 'usoCfdi'
    | 'formaPago'
    | 'moneda'
    | 'claveUnidad'
    | 'metodosPago'
    | 'tiposRelacion'
    | 'periodicidades'
    | 'meses'
    | 'exportaciones'
  >;
}

type Doc = PDFKit.PDFDocument;

/** Renders the PDF and answers its bytes. Throws (in Spanish) when the XML is not a stamped CFDI. */
export async function buildRepresentacionImpresa(
  input: RepresentacionImpresaInput,
): Promise<Buffer> {
  const cfdi = parseComprobanteXml(input.xml);
  const tfd = cfdi.Complemento?.TimbreFiscalDigital;
  if (!tfd) throw new Error('El XML no tiene el timbre fiscal digital.');
  const qrUrl = verificacionUrl({
    uuid: tfd.UUID,
    rfcEmisor: cfdi.Emisor.Rfc,
    rfcReceptor: cfdi.Receptor.Rfc,
    total: cfdi.Total,
    sello: cfdi.Sello ?? tfd.SelloCFD,
  });
  const qr = await QRCode.toBuffer(qrUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 330,
  });
  const serieFolio = [cfdi.Serie, cfdi.Folio].filter(Boolean).join('-');

  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: M, left: M, right: M, bottom: 8 },
    bufferPages: true,
    info: {
      Title: `${TIPO_TITULO[cfdi.TipoDeComprobante] ?? 'CFDI'} ${serieFolio} ${tfd.UUID}`.replace(
        /\s+/g,
        ' ',
      ),
      Author: cfdi.Emisor.Nombre,
      Subject: `CFDI 4.0 ${tfd.UUID}`,
      Creator: 'Facturación CFDI',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const r = new Renderer(doc);
  dibujarEncabezado(r, cfdi, tfd, input.catalogos, input.logo, serieFolio, input.emisor ?? null);
  dibujarReceptorYPago(r, input.catalogos, cfdi);
  dibujarRelacionados(r, input.catalogos, cfdi);
  SECCIONES_PDF[tipoComprobante(input.tipo).seccionPdf](r, cfdi, input.catalogos);
  dibujarTimbre(r, cfdi, tfd, { png: qr, url: qrUrl, pruebas: input.pruebas });
  dibujarPaginas(r, tfd.UUID, serieFolio, input);
  doc.end();
  return done;
}

class Renderer implements Lienzo {
  y = M;
  readonly L = { M, W, C, F };
  constructor(readonly doc: Doc) {}

  h(text: string, width: number, font: string, size: number, lineGap = 0.5): number {
    return this.doc
      .font(font)
      .fontSize(size)
      .heightOfString(text || ' ', { width, lineGap });
  }

  t(
    text: string,
    x: number,
    y: number,
    width: number,
    font = F.r,
    size = 8,
    color = C.ink,
    align: 'left' | 'right' | 'center' = 'left',
  ): number {
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, x, y, { width, align, lineGap: 0.5 });
    return this.h(text, width, font, size);
  }

  /** Starts a new page when `height` does not fit; answers whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = M;
    return true;
  }

  /** A label over its value; answers the height used. */
  campo(label: string, value: string, x: number, y: number, width: number): number {
    if (!value) return 0;
    const a = this.t(label.toUpperCase(), x, y, width, F.b, 6.2, C.muted);
    const b = this.t(value, x, y + a, width, F.r, 7.8);
    return a + b + 3;
  }

  titulo(text: string, x = M, width = W): void {
    this.doc.rect(x, this.y, width, 13).fill(C.accent);
    this.t(text.toUpperCase(), x + 5, this.y + 3.3, width - 10, F.b, 7.2, '#ffffff');
    this.y += 13;
  }
}
