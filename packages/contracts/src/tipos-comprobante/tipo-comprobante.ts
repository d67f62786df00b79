/**
 * What a document type declares once, in its own file of this folder, and everything generic reads
 * (decision 012): the API's e-mail, ZIP and delivery, the series and their defaults, the SQL checks
 * (a test compares them), the SPA's delivery panels and public page. Adding a type adds its file
 * here and one line in registro.ts.
 */
export interface TipoComprobante {
  /** The key the API and the SPA name the type with (ComprobanteType). */
  readonly clave: string;
  /** c_TipoDeComprobante of its CFDI (Anexo 20): I ingreso, E egreso, P pago. */
  readonly tipoDeComprobante: 'I' | 'E' | 'P' | 'T' | 'N';
  /** Its name as a title: "Factura", "Complemento de pago". */
  readonly nombre: string;
  /** How the delivery panels name one document, in lower case: "factura", "recibo de pago". */
  readonly documento: string;
  /** The grammatical gender of `nombre` and `documento` ("la factura emitida", "el recibo"). */
  readonly genero: 'femenino' | 'masculino';
  /** Its series: the kind in the API's paths, the series screen's title, the serie it starts with. */
  readonly serie: { readonly kind: string; readonly etiqueta: string; readonly inicial: string };
  /** Its folder in a period's ZIP. */
  readonly carpetaZip: string;
  /** What it does to the balance of the invoices it relates: payments and credit notes lower it. */
  readonly efectoEnSaldo: 'ninguno' | 'reduce';
  /**
   * Its part of the printed form (the API's PDF), between the receptor and the stamp: its concepts
   * and totals (an invoice, a credit note), one line per sale (a global invoice), or the paid
   * invoices of a recibo de pago. A type that prints another way adds its section to the PDF's
   * lifecycle (SECCIONES_PDF) under a new name.
   */
  readonly seccionPdf: 'conceptos' | 'ventas' | 'recibo-de-pago';
  /** Whether its Total means an amount to show (a payment's Total is 0: its amounts are in Pagos). */
  readonly muestraTotal: boolean;
  /**
   * When two types share a TipoDeComprobante, how this one recognises its stamped CFDI beside its
   * serie kind (a global invoice: it carries InformacionGlobal).
   */
  readonly reconoce?: (cfdi: { readonly informacionGlobal: boolean }) => boolean;
}

/** "la factura", "el recibo de pago". */
export function articulo(t: Pick<TipoComprobante, 'genero'>): 'el' | 'la' {
  return t.genero === 'masculino' ? 'el' : 'la';
}

/** "esta factura", "este recibo de pago". */
export function demostrativo(t: Pick<TipoComprobante, 'genero'>): 'este' | 'esta' {
  return t.genero === 'masculino' ? 'este' : 'esta';
}

/** "emitida", "emitido". */
export function participio(t: Pick<TipoComprobante, 'genero'>, raiz: string): string {
  return `${raiz}${t.genero === 'masculino' ? 'o' : 'a'}`;
}

/** "a, b o c": the keys of a list as a Spanish sentence names them. */
export function enumerar(valores: readonly string[]): string {
  if (valores.length < 2) return valores.join('');
  return `${valores.slice(0, -1).join(', ')} o ${valores[valores.length - 1]!}`;
}
