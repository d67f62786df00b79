import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Catalogos } from '@repo/catalogos';
import { parseComprobanteXml, type Comprobante, type TimbreFiscalDigital } from '@repo/cfdi/xml';
import { BOTTOM, C, F, M, W } from './disposicion.ts';
import { formatFecha } from './formato.ts';
import {
  datosDelPago,
  facturasPagadas,
  notaConcepto,
  totalesPago,
  type Lienzo,
} from './recibo-pago.ts';
import { dibujarConceptos } from './tabla-conceptos.ts';
import { dibujarPaginas, dibujarTimbre } from './timbre.ts';
import { dibujarTotales } from './totales.ts';
import { verificacionUrl } from './verificacion-url.ts';
import { dibujarVentasGlobales } from './ventas-global.ts';

/**
 * The representación impresa (PDF) of a stamped CFDI 4.0, read from the stamped XML only: every
 * number printed is the text of the XML. Letter size; the conceptos table continues on new pages with
 * its header repeated; the timbre block (QR, sellos, cadena del TFD) never crosses the margins.
 */
export interface RepresentacionImpresaInput {
  /** The stamped XML, verbatim. */
  xml: string;
  /** The enterprise's logo (PNG or JPEG; other formats are left out). */
  logo: { data: Buffer; mime: string } | null;
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

const TIPO_TITULO: Record<string, string> = {
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

type Doc = PDFKit.PDFDocument;

function conDescripcion(clave: string | undefined, descripcion: string | undefined): string {
  if (!clave) return '';
  return descripcion ? `${clave} - ${descripcion}` : clave;
}

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

  const r = new Renderer(doc, input, cfdi, tfd);
  r.header(serieFolio);
  r.receptorYPago();
  r.relacionados();
  const pagos = cfdi.Complemento?.Pagos;
  if (pagos) {
    // A CFDI de pagos reads as a recibo de pago (recibo-pago.ts).
    facturasPagadas(r, input.catalogos, pagos.Pago);
    notaConcepto(r, input.catalogos, cfdi);
    totalesPago(r, cfdi);
  } else {
    if (cfdi.InformacionGlobal) r.ventasGlobales();
    else dibujarConceptos(r, cfdi, input.catalogos);
    dibujarTotales(r, cfdi);
  }
  dibujarTimbre(r, cfdi, tfd, { png: qr, url: qrUrl, pruebas: input.pruebas });
  dibujarPaginas(r, tfd.UUID, serieFolio, input);
  doc.end();
  return done;
}

class Renderer implements Lienzo {
  y = M;
  readonly L = { M, W, C, F };
  constructor(
    readonly doc: Doc,
    private readonly input: RepresentacionImpresaInput,
    private readonly cfdi: Comprobante,
    private readonly tfd: TimbreFiscalDigital,
  ) {}

  private get cat() {
    return this.input.catalogos;
  }

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

  header(serieFolio: string): void {
    const { cfdi, tfd } = this;
    const top = this.y;
    const boxW = 200;
    const boxX = M + W - boxW;
    // Logo, left.
    let logoW = 0;
    const logo = this.input.logo;
    if (logo && (logo.mime === 'image/png' || logo.mime === 'image/jpeg')) {
      try {
        this.doc.image(logo.data, M, top, { fit: [120, 72] });
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
    ey += this.t(cfdi.Emisor.Nombre, ex, ey, ew, F.b, 11.5, C.accent) + 3;
    ey += this.t(`RFC: ${cfdi.Emisor.Rfc}`, ex, ey, ew, F.b, 8.5) + 2;
    const regimen = this.cat.regimenFiscal(cfdi.Emisor.RegimenFiscal);
    ey +=
      this.t(
        `Régimen fiscal: ${conDescripcion(cfdi.Emisor.RegimenFiscal, regimen?.descripcion)}`,
        ex,
        ey,
        ew,
      ) + 2;
    ey += this.t(`Lugar de expedición (C.P.): ${cfdi.LugarExpedicion}`, ex, ey, ew) + 2;

    // Document box, right.
    const titulo = cfdi.InformacionGlobal
      ? 'FACTURA GLOBAL'
      : (TIPO_TITULO[cfdi.TipoDeComprobante] ?? 'CFDI');
    this.doc.rect(boxX, top, boxW, 30).fill(C.accent);
    this.t(titulo, boxX + 6, top + 4, boxW - 12, F.b, 8.5, '#ffffff', 'center');
    this.t(
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
    by += this.campo('Folio fiscal (UUID)', tfd.UUID, bx, by, bw);
    by += this.campo('Fecha y hora de emisión', formatFecha(cfdi.Fecha), bx, by, bw);
    by += this.campo('Fecha y hora de certificación', formatFecha(tfd.FechaTimbrado), bx, by, bw);
    by += this.campo('No. de certificado del emisor', cfdi.NoCertificado ?? '', bx, by, bw);
    by += this.campo('No. de certificado del SAT', tfd.NoCertificadoSAT, bx, by, bw);
    const tipo = `${cfdi.TipoDeComprobante} - ${TIPO_NOMBRE[cfdi.TipoDeComprobante] ?? ''}`;
    by += this.campo('Tipo de comprobante', tipo, bx, by, bw);
    const exportacion = this.cat.exportaciones.get(cfdi.Exportacion)?.descripcion;
    by += this.campo('Exportación', conDescripcion(cfdi.Exportacion, exportacion), bx, by, bw);
    this.doc
      .rect(boxX, top, boxW, by - top)
      .lineWidth(0.8)
      .strokeColor(C.accent)
      .stroke();
    this.y = Math.max(ey, top + 72, by) + 10;
  }

  receptorYPago(): void {
    const { cfdi } = this;
    const colW = (W - 10) / 2;
    this.ensure(110);
    const top = this.y;
    this.titulo('Receptor', M, colW);
    this.y = top;
    this.titulo('Datos del pago', M + colW + 10, colW);
    const r = cfdi.Receptor;
    let ly = this.y + 4;
    const lx = M + 5;
    const lw = colW - 10;
    ly += this.t(r.Nombre, lx, ly, lw, F.b, 9.5) + 2;
    ly += this.campo('RFC', r.Rfc, lx, ly, lw);
    const regimen = this.cat.regimenFiscal(r.RegimenFiscalReceptor)?.descripcion;
    ly += this.campo(
      'Régimen fiscal',
      conDescripcion(r.RegimenFiscalReceptor, regimen),
      lx,
      ly,
      lw,
    );
    ly += this.campo('Domicilio fiscal (C.P.)', r.DomicilioFiscalReceptor, lx, ly, lw);
    if (r.ResidenciaFiscal) ly += this.campo('Residencia fiscal', r.ResidenciaFiscal, lx, ly, lw);
    if (r.NumRegIdTrib)
      ly += this.campo('Núm. de registro de identidad fiscal', r.NumRegIdTrib, lx, ly, lw);
    const uso = this.cat.usoCfdi(r.UsoCFDI)?.descripcion;
    ly += this.campo('Uso del CFDI', conDescripcion(r.UsoCFDI, uso), lx, ly, lw);

    const px = M + colW + 15;
    let py = this.y + 4;
    const pagos = cfdi.Complemento?.Pagos?.Pago;
    if (pagos) py = datosDelPago(this, this.cat, pagos, px, py, lw);
    else py = this.terminosDePago(px, py, lw);
    const bottom = Math.max(ly, py) + 2;
    this.doc
      .rect(M, top, colW, bottom - top)
      .lineWidth(0.6)
      .strokeColor(C.line)
      .stroke();
    this.doc
      .rect(M + colW + 10, top, colW, bottom - top)
      .lineWidth(0.6)
      .strokeColor(C.line)
      .stroke();
    this.y = bottom + 10;
  }

  /** An invoice's payment terms: forma and método de pago, currency, global information. */
  private terminosDePago(px: number, y: number, lw: number): number {
    const { cfdi } = this;
    let py = y;
    const forma = cfdi.FormaPago ? this.cat.formaPago(cfdi.FormaPago)?.descripcion : undefined;
    py += this.campo('Forma de pago', conDescripcion(cfdi.FormaPago, forma), px, py, lw);
    const metodo = cfdi.MetodoPago
      ? this.cat.metodosPago.get(cfdi.MetodoPago)?.descripcion
      : undefined;
    py += this.campo('Método de pago', conDescripcion(cfdi.MetodoPago, metodo), px, py, lw);
    const moneda = this.cat.moneda(cfdi.Moneda)?.descripcion;
    py += this.campo('Moneda', conDescripcion(cfdi.Moneda, moneda), px, py, lw);
    if (cfdi.TipoCambio) py += this.campo('Tipo de cambio', cfdi.TipoCambio, px, py, lw);
    if (cfdi.CondicionesDePago)
      py += this.campo('Condiciones de pago', cfdi.CondicionesDePago, px, py, lw);
    const ig = cfdi.InformacionGlobal;
    if (ig) {
      const per = this.cat.periodicidades.get(ig.Periodicidad)?.descripcion;
      const mes = this.cat.meses.get(ig.Meses)?.descripcion;
      py += this.campo(
        'Información global',
        `Periodicidad: ${conDescripcion(ig.Periodicidad, per)} · Meses: ${conDescripcion(ig.Meses, mes)} · Año: ${ig.Año}`,
        px,
        py,
        lw,
      );
    }
    return py;
  }

  relacionados(): void {
    const rels = this.cfdi.CfdiRelacionados;
    if (!rels?.length) return;
    for (const rel of rels) {
      const tipo = this.cat.tiposRelacion.get(rel.TipoRelacion)?.descripcion;
      const text = rel.CfdiRelacionado.map((u) => u.UUID).join(', ');
      const height = 13 + this.h(text, W - 10, F.r, 7.8) + 16;
      this.ensure(height);
      this.titulo(`CFDI relacionados — ${conDescripcion(rel.TipoRelacion, tipo)}`);
      this.y += 3 + this.t(text, M + 5, this.y + 3, W - 10, F.r, 7.8) + 8;
    }
  }

  /** A factura global: one line per sale (ventas-global.ts). */
  ventasGlobales(): void {
    this.y = dibujarVentasGlobales(this.doc, this.cfdi, this.y, { M, W, BOTTOM, C, F });
  }
}
