import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Catalogos } from '@repo/catalogos';
import { cadenaOriginalTfd } from '@repo/pac';
import {
  parseComprobanteXml,
  type Comprobante,
  type Concepto,
  type TimbreFiscalDigital,
} from '@repo/cfdi/xml';
import { formatCantidad, formatFecha, formatMoney, formatTasa } from './formato.ts';
import { importeConLetra } from './importe-con-letra.ts';
import {
  datosDelPago,
  facturasPagadas,
  notaConcepto,
  totalesPago,
  type Lienzo,
} from './recibo-pago.ts';
import { bandaSinValidez, marcaDiagonalSinValidez, recuadroSinQr } from './sin-validez-fiscal.ts';
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

const PAGE = { width: 612, height: 792 };
const M = 30;
const W = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - 42;
const C = {
  ink: '#1f2933',
  muted: '#52606d',
  accent: '#1f4e79',
  band: '#e8eef5',
  zebra: '#f6f8fa',
  line: '#c5ced8',
  red: '#c0392b',
};
const F = { r: 'Helvetica', b: 'Helvetica-Bold', mono: 'Courier' };

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
const IMPUESTO_NOMBRE: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

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
    else r.conceptos();
    r.totales();
  }
  r.timbre(qr, qrUrl);
  r.paginas(serieFolio);
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

  // Conceptos table -----------------------------------------------------------------------------
  private readonly cols = [
    { key: 'clave', label: 'Clave prod./serv.', w: 54, align: 'left' as const },
    { key: 'cantidad', label: 'Cantidad', w: 46, align: 'right' as const },
    { key: 'unidad', label: 'Clave unidad', w: 62, align: 'left' as const },
    { key: 'descripcion', label: 'Descripción', w: 0, align: 'left' as const },
    { key: 'vu', label: 'Valor unitario', w: 66, align: 'right' as const },
    { key: 'descuento', label: 'Descuento', w: 56, align: 'right' as const },
    { key: 'importe', label: 'Importe', w: 68, align: 'right' as const },
  ];

  private colX(): { x: number; w: number; align: 'left' | 'right' }[] {
    const fixed = this.cols.reduce((s, c) => s + c.w, 0);
    let x = M;
    return this.cols.map((c) => {
      const w = c.w || W - fixed;
      const r = { x, w, align: c.align };
      x += w;
      return r;
    });
  }

  private cabeceraConceptos(continua: boolean): void {
    this.titulo(continua ? 'Conceptos (continuación)' : 'Conceptos');
    const xs = this.colX();
    const alto =
      Math.max(...this.cols.map((c, i) => this.h(c.label, (xs[i]?.w ?? 10) - 6, F.b, 6.5))) + 7;
    this.doc.rect(M, this.y, W, alto).fill(C.band);
    this.cols.forEach((c, i) => {
      const p = xs[i];
      if (p) this.t(c.label, p.x + 3, this.y + 3.5, p.w - 6, F.b, 6.5, C.accent, p.align);
    });
    this.y += alto;
  }

  private impuestosDe(c: Concepto): string[] {
    const out: string[] = [];
    for (const tr of c.Impuestos?.Traslados ?? []) {
      const nombre = IMPUESTO_NOMBRE[tr.Impuesto] ?? tr.Impuesto;
      if (tr.TipoFactor === 'Exento') {
        // Anexo 20: an exempt traslado has no TasaOCuota and no Importe; only its base is printed.
        out.push(`${nombre} exento: base ${formatMoney(tr.Base)}`);
      } else {
        const tasa =
          tr.TipoFactor === 'Tasa'
            ? formatTasa(tr.TasaOCuota ?? '')
            : `cuota ${tr.TasaOCuota ?? ''}`;
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

  private detalleDe(c: Concepto): string {
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
    return [...partes, ...this.impuestosDe(c)].join('   ·   ');
  }

  conceptos(): void {
    const xs = this.colX();
    const desc = xs[3];
    if (!desc) return;
    const detailX = desc.x + 3;
    const detailW = M + W - detailX - 3;
    this.ensure(60);
    this.cabeceraConceptos(false);
    this.cfdi.Conceptos.forEach((c, i) => {
      const unidadNombre = c.Unidad ?? this.cat.claveUnidad(c.ClaveUnidad)?.nombre ?? '';
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
        this.h(text, (xs[k]?.w ?? 10) - 6, F.r, k === 3 ? 7.8 : 7.5),
      );
      const descH = sizes[3] ?? 0;
      const detalle = this.detalleDe(c);
      const detH = this.h(detalle, detailW, F.r, 6.4);
      // The detail line (object, taxes) runs under the description and the amount columns.
      const rowH = Math.max(...sizes, descH + 2 + detH) + 7;
      if (this.ensure(rowH)) this.cabeceraConceptos(true);
      if (i % 2 === 1) this.doc.rect(M, this.y, W, rowH).fill(C.zebra);
      celdas.forEach((text, k) => {
        const p = xs[k];
        if (p)
          this.t(text, p.x + 3, this.y + 3.5, p.w - 6, F.r, k === 3 ? 7.8 : 7.5, C.ink, p.align);
      });
      this.t(detalle, detailX, this.y + 3.5 + descH + 2, detailW, F.r, 6.4, C.muted);
      this.y += rowH;
      this.doc
        .moveTo(M, this.y)
        .lineTo(M + W, this.y)
        .lineWidth(0.4)
        .strokeColor(C.line)
        .stroke();
    });
    this.y += 10;
  }

  /** A factura global: one line per sale (ventas-global.ts). */
  ventasGlobales(): void {
    this.y = dibujarVentasGlobales(this.doc, this.cfdi, this.y, { M, W, BOTTOM, C, F });
  }

  totales(): void {
    const { cfdi } = this;
    const rows: { label: string; value: string; bold?: boolean }[] = [
      { label: 'Subtotal', value: formatMoney(cfdi.SubTotal) },
    ];
    if (cfdi.Descuento)
      rows.push({ label: 'Descuento', value: `- ${formatMoney(cfdi.Descuento)}` });
    for (const tr of cfdi.Impuestos?.Traslados ?? []) {
      const nombre = IMPUESTO_NOMBRE[tr.Impuesto] ?? tr.Impuesto;
      if (tr.TipoFactor === 'Exento') {
        rows.push({
          label: `${nombre} exento (base ${formatMoney(tr.Base)})`,
          value: formatMoney('0'),
        });
      } else {
        const tasa =
          tr.TipoFactor === 'Tasa'
            ? formatTasa(tr.TasaOCuota ?? '')
            : `cuota ${tr.TasaOCuota ?? ''}`;
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
    const heights = rows.map((r) => Math.max(this.h(r.label, labelW - 6, F.r, 7.8), 9) + 5);
    const total = heights.reduce((s, h) => s + h, 0);
    const letras = importeConLetra(cfdi.Total, cfdi.Moneda);
    const lw = W - tw - 14;
    const letrasH = 13 + this.h(letras, lw - 10, F.b, 8.2) + 10;
    this.ensure(Math.max(total, letrasH) + 6);
    const top = this.y;
    // Amount in words, left.
    this.doc.rect(M, top, lw, 13).fill(C.accent);
    this.t('IMPORTE CON LETRA', M + 5, top + 3.3, lw - 10, F.b, 7.2, '#ffffff');
    this.t(letras, M + 5, top + 17, lw - 10, F.b, 8.2);
    this.doc.rect(M, top, lw, letrasH).lineWidth(0.6).strokeColor(C.line).stroke();
    // Totals, right.
    let y = top;
    rows.forEach((r, i) => {
      const h = heights[i] ?? 12;
      if (r.bold) {
        this.doc.rect(tx, y, tw, h + 3).fill(C.accent);
        this.t(r.label, tx + 5, y + 4, labelW, F.b, 9, '#ffffff');
        this.t(r.value, tx + labelW, y + 4, tw - labelW - 5, F.b, 9, '#ffffff', 'right');
        y += h + 3;
      } else {
        this.t(r.label, tx + 5, y + 2.5, labelW - 6, F.r, 7.8, C.muted);
        this.t(r.value, tx + labelW, y + 2.5, tw - labelW - 5, F.r, 7.8, C.ink, 'right');
        y += h;
        this.doc
          .moveTo(tx, y)
          .lineTo(tx + tw, y)
          .lineWidth(0.3)
          .strokeColor(C.line)
          .stroke();
      }
    });
    this.y = Math.max(y, top + letrasH) + 12;
  }

  timbre(qr: Buffer, qrUrl: string): void {
    const { cfdi, tfd } = this;
    const cadena = cadenaOriginalTfd(tfd);
    const qrSize = 112;
    const tx = M + qrSize + 12;
    const tw = W - qrSize - 12;
    const bloques: [string, string][] = [
      ['Sello digital del CFDI', cfdi.Sello ?? tfd.SelloCFD],
      ['Sello digital del SAT', tfd.SelloSAT],
      ['Cadena original del complemento de certificación digital del SAT', cadena],
    ];
    const alturas = bloques.map(([, v]) => 9 + this.h(v, tw, F.mono, 6) + 4);
    const datos = `RFC del proveedor de certificación: ${tfd.RfcProvCertif}   ·   No. de serie del certificado del SAT: ${tfd.NoCertificadoSAT}   ·   Fecha y hora de certificación: ${formatFecha(tfd.FechaTimbrado)}`;
    const datosH = this.h(datos, tw, F.r, 6.8) + 6;
    const total = 13 + 4 + Math.max(qrSize + 22, alturas.reduce((s, h) => s + h, 0) + datosH);
    this.ensure(total);
    this.titulo('Timbre fiscal digital');
    const top = this.y + 4;
    if (this.input.pruebas) {
      recuadroSinQr(this.doc, M, top, qrSize);
    } else {
      this.doc.image(qr, M, top, { width: qrSize, height: qrSize });
      this.t(
        'Verifique este comprobante en el portal del SAT',
        M,
        top + qrSize + 2,
        qrSize,
        F.r,
        5.8,
        C.muted,
        'center',
      );
      this.doc.link(M, top, qrSize, qrSize, qrUrl);
    }
    let y = top;
    bloques.forEach(([label, value], i) => {
      this.t(label.toUpperCase(), tx, y, tw, F.b, 6.2, C.accent);
      // Base64 has no spaces: Courier wraps it at character boundaries inside the column.
      this.doc
        .font(F.mono)
        .fontSize(6)
        .fillColor(C.ink)
        .text(value, tx, y + 9, { width: tw, lineGap: 0.5 });
      y += alturas[i] ?? 0;
    });
    this.t(datos, tx, y, tw, F.r, 6.8, C.ink);
    y += datosH;
    this.y = Math.max(y, top + qrSize + 22) + 4;
  }

  /** Footer, page numbers and the CANCELADO mark on every page. */
  paginas(serieFolio: string): void {
    const range = this.doc.bufferedPageRange();
    const total = range.count;
    for (let i = 0; i < total; i++) {
      this.doc.switchToPage(range.start + i);
      if (this.input.cancelado) this.cancelado();
      else if (this.input.pruebas) marcaDiagonalSinValidez(this.doc, PAGE);
      if (this.input.pruebas) bandaSinValidez(this.doc, M, W, this.input.cancelado);
      const y = PAGE.height - 30;
      this.doc
        .moveTo(M, y - 4)
        .lineTo(M + W, y - 4)
        .lineWidth(0.4)
        .strokeColor(C.line)
        .stroke();
      const izquierda = `${this.input.pruebas ? 'Documento de prueba sin validez fiscal' : 'Este documento es una representación impresa de un CFDI 4.0'}   ·   ${[serieFolio, this.tfd.UUID].filter(Boolean).join('   ·   ')}`;
      this.t(izquierda, M, y, W - 80, F.r, 6.4, C.muted);
      this.t(
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

  private cancelado(): void {
    const d = this.doc;
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
    if (this.input.pruebas) return;
    d.rect(M, 8, W, 16).fill(C.red);
    this.t(
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
}
