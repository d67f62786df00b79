import type { Catalogos } from '@repo/catalogos';
import type { Comprobante } from '@repo/cfdi/xml';
import { C, F, M, W } from './disposicion.ts';
import { conDescripcion } from './formato.ts';
import { datosDelPago, type Lienzo } from './recibo-pago.ts';

type Cat = Pick<
  Catalogos,
  | 'regimenFiscal'
  | 'usoCfdi'
  | 'formaPago'
  | 'moneda'
  | 'claveUnidad'
  | 'metodosPago'
  | 'periodicidades'
  | 'meses'
>;

/** Two boxes side by side: the receptor (left); the payment terms, or a payment's data (right). */
export function dibujarReceptorYPago(r: Lienzo, cat: Cat, cfdi: Comprobante): void {
  const colW = (W - 10) / 2;
  r.ensure(110);
  const top = r.y;
  r.titulo('Receptor', M, colW);
  r.y = top;
  r.titulo('Datos del pago', M + colW + 10, colW);
  const rec = cfdi.Receptor;
  let ly = r.y + 4;
  const lx = M + 5;
  const lw = colW - 10;
  ly += r.t(rec.Nombre, lx, ly, lw, F.b, 9.5) + 2;
  ly += r.campo('RFC', rec.Rfc, lx, ly, lw);
  const regimen = cat.regimenFiscal(rec.RegimenFiscalReceptor)?.descripcion;
  ly += r.campo('Régimen fiscal', conDescripcion(rec.RegimenFiscalReceptor, regimen), lx, ly, lw);
  ly += r.campo('Domicilio fiscal (C.P.)', rec.DomicilioFiscalReceptor, lx, ly, lw);
  if (rec.ResidenciaFiscal) ly += r.campo('Residencia fiscal', rec.ResidenciaFiscal, lx, ly, lw);
  if (rec.NumRegIdTrib)
    ly += r.campo('Núm. de registro de identidad fiscal', rec.NumRegIdTrib, lx, ly, lw);
  const uso = cat.usoCfdi(rec.UsoCFDI)?.descripcion;
  ly += r.campo('Uso del CFDI', conDescripcion(rec.UsoCFDI, uso), lx, ly, lw);

  const px = M + colW + 15;
  let py = r.y + 4;
  const pagos = cfdi.Complemento?.Pagos?.Pago;
  if (pagos) py = datosDelPago(r, cat, pagos, px, py, lw);
  else py = terminosDePago(r, cat, cfdi, px, py, lw);
  const bottom = Math.max(ly, py) + 2;
  r.doc
    .rect(M, top, colW, bottom - top)
    .lineWidth(0.6)
    .strokeColor(C.line)
    .stroke();
  r.doc
    .rect(M + colW + 10, top, colW, bottom - top)
    .lineWidth(0.6)
    .strokeColor(C.line)
    .stroke();
  r.y = bottom + 10;
}

/** An invoice's payment terms: forma and método de pago, currency, global information. */
function terminosDePago(
  r: Lienzo,
  cat: Cat,
  cfdi: Comprobante,
  px: number,
  y: number,
  lw: number,
): number {
  let py = y;
  const forma = cfdi.FormaPago ? cat.formaPago(cfdi.FormaPago)?.descripcion : undefined;
  py += r.campo('Forma de pago', conDescripcion(cfdi.FormaPago, forma), px, py, lw);
  const metodo = cfdi.MetodoPago ? cat.metodosPago.get(cfdi.MetodoPago)?.descripcion : undefined;
  py += r.campo('Método de pago', conDescripcion(cfdi.MetodoPago, metodo), px, py, lw);
  const moneda = cat.moneda(cfdi.Moneda)?.descripcion;
  py += r.campo('Moneda', conDescripcion(cfdi.Moneda, moneda), px, py, lw);
  if (cfdi.TipoCambio) py += r.campo('Tipo de cambio', cfdi.TipoCambio, px, py, lw);
  if (cfdi.CondicionesDePago)
    py += r.campo('Condiciones de pago', cfdi.CondicionesDePago, px, py, lw);
  const ig = cfdi.InformacionGlobal;
  if (ig) {
    const per = cat.periodicidades.get(ig.Periodicidad)?.descripcion;
    const mes = cat.meses.get(ig.Meses)?.descripcion;
    py += r.campo(
      'Información global',
      `Periodicidad: ${conDescripcion(ig.Periodicidad, per)} · Meses: ${conDescripcion(ig.Meses, mes)} · Año: ${ig.Año}`,
      px,
      py,
      lw,
    );
  }
  return py;
}
