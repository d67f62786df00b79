import type { Catalogos } from '@repo/catalogos';
import type { TipoComprobante } from '@repo/contracts/tipos-comprobante/tipo-comprobante';
import type { Comprobante } from '@repo/cfdi/xml';
import { BOTTOM, C, F, M, W } from './disposicion.ts';
import { facturasPagadas, notaConcepto, totalesPago, type Lienzo } from './recibo-pago.ts';
import { dibujarConceptos } from './tabla-conceptos.ts';
import { dibujarTotales } from './totales.ts';
import { dibujarVentasGlobales } from './ventas-global.ts';

/** What a type's section draws with: the catalogs its keys are named from. */
export type CatalogosSeccion = Pick<Catalogos, 'formaPago' | 'moneda' | 'claveUnidad'>;

/** A type's own part of the PDF, between the receptor and related CFDIs and the stamp. */
export type SeccionPdf = (r: Lienzo, cfdi: Comprobante, cat: CatalogosSeccion) => void;

/** An invoice: its concepts' table and the totals with each tax. */
const conceptosYTotales: SeccionPdf = (r, cfdi, cat) => {
  dibujarConceptos(r, cfdi, cat);
  dibujarTotales(r, cfdi);
};

/** A factura global: one line per sale (ventas-global.ts), then the totals. */
const ventasGlobales: SeccionPdf = (r, cfdi) => {
  r.y = dibujarVentasGlobales(r.doc, cfdi, r.y, { M, W, BOTTOM, C, F });
  dibujarTotales(r, cfdi);
};

/** A CFDI de pagos reads as a recibo de pago (recibo-pago.ts). */
const reciboDePago: SeccionPdf = (r, cfdi, cat) => {
  facturasPagadas(r, cat, cfdi.Complemento?.Pagos?.Pago ?? []);
  notaConcepto(r, cat, cfdi);
  totalesPago(r, cfdi);
};

/**
 * The printed parts a type may declare (its `seccionPdf`, decision 012): a new type names one of
 * these in its own declaration, and only a new way of printing adds a line here.
 */
export const SECCIONES_PDF: Record<TipoComprobante['seccionPdf'], SeccionPdf> = {
  // An invoice or a credit note: its concepts and totals (a credit note's header says NOTA DE
  // CRÉDITO and its related band names the credited UUIDs with their TipoRelacion).
  conceptos: conceptosYTotales,
  ventas: ventasGlobales,
  'recibo-de-pago': reciboDePago,
};
