import type { Comprobante, Concepto, ImpuestosLocales, Pagos } from '../xml/model.ts';
import { normalizarTexto } from '../xml/texto.ts';

/** XPath normalize-space: only space, tab, CR and LF count as white space (U+00A0 survives). */
export const normalizeSpace = normalizarTexto;

/**
 * The fields go on one list, joined by "|" once at the end: one flat string rather than a rope of
 * two pieces per field (the signature reads the cadena whole right after).
 */
type Campos = string[];

/** `Requerido` of utilerias.xslt: always writes the field. */
function r(k: Campos, v: string | undefined): void {
  k.push(normalizeSpace(v ?? ''));
}

/** `Opcional` of utilerias.xslt: writes the field only when the attribute exists. */
function o(k: Campos, v: string | undefined): void {
  if (v !== undefined) k.push(normalizeSpace(v));
}

function concepto(k: Campos, c: Concepto): void {
  r(k, c.ClaveProdServ);
  o(k, c.NoIdentificacion);
  r(k, c.Cantidad);
  r(k, c.ClaveUnidad);
  o(k, c.Unidad);
  r(k, c.Descripcion);
  r(k, c.ValorUnitario);
  r(k, c.Importe);
  o(k, c.Descuento);
  r(k, c.ObjetoImp);
  for (const t of c.Impuestos?.Traslados ?? []) {
    r(k, t.Base);
    r(k, t.Impuesto);
    r(k, t.TipoFactor);
    o(k, t.TasaOCuota);
    o(k, t.Importe);
  }
  for (const t of c.Impuestos?.Retenciones ?? []) {
    r(k, t.Base);
    r(k, t.Impuesto);
    r(k, t.TipoFactor);
    r(k, t.TasaOCuota);
    r(k, t.Importe);
  }
  const a = c.ACuentaTerceros;
  if (a) {
    r(k, a.RfcACuentaTerceros);
    r(k, a.NombreACuentaTerceros);
    r(k, a.RegimenFiscalACuentaTerceros);
    r(k, a.DomicilioFiscalACuentaTerceros);
  }
  for (const ia of c.InformacionAduanera ?? []) {
    r(k, ia.NumeroPedimento);
  }
  for (const cp of c.CuentaPredial ?? []) {
    r(k, cp.Numero);
  }
  for (const p of c.Parte ?? []) {
    r(k, p.ClaveProdServ);
    o(k, p.NoIdentificacion);
    r(k, p.Cantidad);
    o(k, p.Unidad);
    r(k, p.Descripcion);
    o(k, p.ValorUnitario);
    o(k, p.Importe);
    for (const ia of p.InformacionAduanera ?? []) {
      r(k, ia.NumeroPedimento);
    }
  }
}

function pagos(k: Campos, p: Pagos): void {
  const t = p.Totales;
  r(k, p.Version);
  o(k, t.TotalRetencionesIVA);
  o(k, t.TotalRetencionesISR);
  o(k, t.TotalRetencionesIEPS);
  o(k, t.TotalTrasladosBaseIVA16);
  o(k, t.TotalTrasladosImpuestoIVA16);
  o(k, t.TotalTrasladosBaseIVA8);
  o(k, t.TotalTrasladosImpuestoIVA8);
  o(k, t.TotalTrasladosBaseIVA0);
  o(k, t.TotalTrasladosImpuestoIVA0);
  o(k, t.TotalTrasladosBaseIVAExento);
  r(k, t.MontoTotalPagos);
  for (const pg of p.Pago) {
    r(k, pg.FechaPago);
    r(k, pg.FormaDePagoP);
    r(k, pg.MonedaP);
    o(k, pg.TipoCambioP);
    r(k, pg.Monto);
    o(k, pg.NumOperacion);
    o(k, pg.RfcEmisorCtaOrd);
    o(k, pg.NomBancoOrdExt);
    o(k, pg.CtaOrdenante);
    o(k, pg.RfcEmisorCtaBen);
    o(k, pg.CtaBeneficiario);
    o(k, pg.TipoCadPago);
    o(k, pg.CertPago);
    o(k, pg.CadPago);
    o(k, pg.SelloPago);
    for (const d of pg.DoctoRelacionado) {
      r(k, d.IdDocumento);
      o(k, d.Serie);
      o(k, d.Folio);
      r(k, d.MonedaDR);
      o(k, d.EquivalenciaDR);
      r(k, d.NumParcialidad);
      r(k, d.ImpSaldoAnt);
      r(k, d.ImpPagado);
      r(k, d.ImpSaldoInsoluto);
      r(k, d.ObjetoImpDR);
      for (const x of d.ImpuestosDR?.RetencionesDR ?? []) {
        r(k, x.BaseDR);
        r(k, x.ImpuestoDR);
        r(k, x.TipoFactorDR);
        r(k, x.TasaOCuotaDR);
        r(k, x.ImporteDR);
      }
      for (const x of d.ImpuestosDR?.TrasladosDR ?? []) {
        r(k, x.BaseDR);
        r(k, x.ImpuestoDR);
        r(k, x.TipoFactorDR);
        o(k, x.TasaOCuotaDR);
        o(k, x.ImporteDR);
      }
    }
    for (const x of pg.ImpuestosP?.RetencionesP ?? []) {
      r(k, x.ImpuestoP);
      r(k, x.ImporteP);
    }
    for (const x of pg.ImpuestosP?.TrasladosP ?? []) {
      r(k, x.BaseP);
      r(k, x.ImpuestoP);
      r(k, x.TipoFactorP);
      o(k, x.TasaOCuotaP);
      o(k, x.ImporteP);
    }
  }
}

function impuestosLocales(k: Campos, il: ImpuestosLocales): void {
  r(k, il.version);
  r(k, il.TotaldeRetenciones);
  r(k, il.TotaldeTraslados);
  // implocal.xslt: every RetencionesLocales first, then every TrasladosLocales.
  for (const x of il.RetencionesLocales ?? []) {
    r(k, x.ImpLocRetenido);
    r(k, x.TasadeRetencion);
    r(k, x.Importe);
  }
  for (const x of il.TrasladosLocales ?? []) {
    r(k, x.ImpLocTrasladado);
    r(k, x.TasadeTraslado);
    r(k, x.Importe);
  }
}

/**
 * The cadena original of a CFDI 4.0, built natively in the order of cadenaoriginal_4_0.xslt and its
 * complement stylesheets; byte-identical to what xsltproc produces with the SAT XSLT.
 */
export function buildCadenaOriginal(c: Comprobante): string {
  const k: Campos = [];
  r(k, c.Version);
  o(k, c.Serie);
  o(k, c.Folio);
  r(k, c.Fecha);
  o(k, c.FormaPago);
  r(k, c.NoCertificado);
  o(k, c.CondicionesDePago);
  r(k, c.SubTotal);
  o(k, c.Descuento);
  r(k, c.Moneda);
  o(k, c.TipoCambio);
  r(k, c.Total);
  r(k, c.TipoDeComprobante);
  r(k, c.Exportacion);
  o(k, c.MetodoPago);
  r(k, c.LugarExpedicion);
  o(k, c.Confirmacion);
  const ig = c.InformacionGlobal;
  if (ig) {
    r(k, ig.Periodicidad);
    r(k, ig.Meses);
    r(k, ig.Año);
  }
  for (const rel of c.CfdiRelacionados ?? []) {
    r(k, rel.TipoRelacion);
    for (const u of rel.CfdiRelacionado) {
      r(k, u.UUID);
    }
  }
  const e = c.Emisor;
  r(k, e.Rfc);
  r(k, e.Nombre);
  r(k, e.RegimenFiscal);
  o(k, e.FacAtrAdquirente);
  const re = c.Receptor;
  r(k, re.Rfc);
  r(k, re.Nombre);
  r(k, re.DomicilioFiscalReceptor);
  o(k, re.ResidenciaFiscal);
  o(k, re.NumRegIdTrib);
  r(k, re.RegimenFiscalReceptor);
  r(k, re.UsoCFDI);
  for (const con of c.Conceptos) {
    concepto(k, con);
  }
  const imp = c.Impuestos;
  if (imp) {
    for (const x of imp.Retenciones ?? []) {
      r(k, x.Impuesto);
      r(k, x.Importe);
    }
    o(k, imp.TotalImpuestosRetenidos);
    for (const x of imp.Traslados ?? []) {
      r(k, x.Base);
      r(k, x.Impuesto);
      r(k, x.TipoFactor);
      o(k, x.TasaOCuota);
      o(k, x.Importe);
    }
    o(k, imp.TotalImpuestosTrasladados);
  }
  const comp = c.Complemento;
  if (comp) {
    if (comp.Pagos) {
      pagos(k, comp.Pagos);
    }
    if (comp.ImpuestosLocales) {
      impuestosLocales(k, comp.ImpuestosLocales);
    }
    // The 4.0 stylesheet has no template for the TimbreFiscalDigital: it contributes nothing.
  }
  return `||${k.join('|')}||`;
}
