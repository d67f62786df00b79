import type { Comprobante, Concepto, ImpuestosLocales, Pagos } from '../xml/model.ts';

const NEEDS_NORMALIZING = /[\t\n\r]|^ | $| {2}/;

/** XPath normalize-space: only space, tab, CR and LF count as white space (U+00A0 survives). */
export function normalizeSpace(v: string): string {
  if (!NEEDS_NORMALIZING.test(v)) return v;
  return v.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/** `Requerido` of utilerias.xslt: always writes the field. */
function r(v: string | undefined): string {
  return `|${normalizeSpace(v ?? '')}`;
}

/** `Opcional` of utilerias.xslt: writes the field only when the attribute exists. */
function o(v: string | undefined): string {
  return v === undefined ? '' : `|${normalizeSpace(v)}`;
}

function concepto(c: Concepto): string {
  let s =
    r(c.ClaveProdServ) +
    o(c.NoIdentificacion) +
    r(c.Cantidad) +
    r(c.ClaveUnidad) +
    o(c.Unidad) +
    r(c.Descripcion) +
    r(c.ValorUnitario) +
    r(c.Importe) +
    o(c.Descuento) +
    r(c.ObjetoImp);
  for (const t of c.Impuestos?.Traslados ?? [])
    s += r(t.Base) + r(t.Impuesto) + r(t.TipoFactor) + o(t.TasaOCuota) + o(t.Importe);
  for (const t of c.Impuestos?.Retenciones ?? [])
    s += r(t.Base) + r(t.Impuesto) + r(t.TipoFactor) + r(t.TasaOCuota) + r(t.Importe);
  const a = c.ACuentaTerceros;
  if (a)
    s +=
      r(a.RfcACuentaTerceros) +
      r(a.NombreACuentaTerceros) +
      r(a.RegimenFiscalACuentaTerceros) +
      r(a.DomicilioFiscalACuentaTerceros);
  for (const ia of c.InformacionAduanera ?? []) s += r(ia.NumeroPedimento);
  for (const cp of c.CuentaPredial ?? []) s += r(cp.Numero);
  for (const p of c.Parte ?? []) {
    s +=
      r(p.ClaveProdServ) +
      o(p.NoIdentificacion) +
      r(p.Cantidad) +
      o(p.Unidad) +
      r(p.Descripcion) +
      o(p.ValorUnitario) +
      o(p.Importe);
    for (const ia of p.InformacionAduanera ?? []) s += r(ia.NumeroPedimento);
  }
  return s;
}

function pagos(p: Pagos): string {
  const t = p.Totales;
  let s =
    r(p.Version) +
    o(t.TotalRetencionesIVA) +
    o(t.TotalRetencionesISR) +
    o(t.TotalRetencionesIEPS) +
    o(t.TotalTrasladosBaseIVA16) +
    o(t.TotalTrasladosImpuestoIVA16) +
    o(t.TotalTrasladosBaseIVA8) +
    o(t.TotalTrasladosImpuestoIVA8) +
    o(t.TotalTrasladosBaseIVA0) +
    o(t.TotalTrasladosImpuestoIVA0) +
    o(t.TotalTrasladosBaseIVAExento) +
    r(t.MontoTotalPagos);
  for (const pg of p.Pago) {
    s +=
      r(pg.FechaPago) +
      r(pg.FormaDePagoP) +
      r(pg.MonedaP) +
      o(pg.TipoCambioP) +
      r(pg.Monto) +
      o(pg.NumOperacion) +
      o(pg.RfcEmisorCtaOrd) +
      o(pg.NomBancoOrdExt) +
      o(pg.CtaOrdenante) +
      o(pg.RfcEmisorCtaBen) +
      o(pg.CtaBeneficiario) +
      o(pg.TipoCadPago) +
      o(pg.CertPago) +
      o(pg.CadPago) +
      o(pg.SelloPago);
    for (const d of pg.DoctoRelacionado) {
      s +=
        r(d.IdDocumento) +
        o(d.Serie) +
        o(d.Folio) +
        r(d.MonedaDR) +
        o(d.EquivalenciaDR) +
        r(d.NumParcialidad) +
        r(d.ImpSaldoAnt) +
        r(d.ImpPagado) +
        r(d.ImpSaldoInsoluto) +
        r(d.ObjetoImpDR);
      for (const x of d.ImpuestosDR?.RetencionesDR ?? [])
        s += r(x.BaseDR) + r(x.ImpuestoDR) + r(x.TipoFactorDR) + r(x.TasaOCuotaDR) + r(x.ImporteDR);
      for (const x of d.ImpuestosDR?.TrasladosDR ?? [])
        s += r(x.BaseDR) + r(x.ImpuestoDR) + r(x.TipoFactorDR) + o(x.TasaOCuotaDR) + o(x.ImporteDR);
    }
    for (const x of pg.ImpuestosP?.RetencionesP ?? []) s += r(x.ImpuestoP) + r(x.ImporteP);
    for (const x of pg.ImpuestosP?.TrasladosP ?? [])
      s += r(x.BaseP) + r(x.ImpuestoP) + r(x.TipoFactorP) + o(x.TasaOCuotaP) + o(x.ImporteP);
  }
  return s;
}

function impuestosLocales(il: ImpuestosLocales): string {
  let s = r(il.version) + r(il.TotaldeRetenciones) + r(il.TotaldeTraslados);
  // implocal.xslt: every RetencionesLocales first, then every TrasladosLocales.
  for (const x of il.RetencionesLocales ?? [])
    s += r(x.ImpLocRetenido) + r(x.TasadeRetencion) + r(x.Importe);
  for (const x of il.TrasladosLocales ?? [])
    s += r(x.ImpLocTrasladado) + r(x.TasadeTraslado) + r(x.Importe);
  return s;
}

/**
 * The cadena original of a CFDI 4.0, built natively in the order of cadenaoriginal_4_0.xslt and its
 * complement stylesheets; byte-identical to what xsltproc produces with the SAT XSLT.
 */
export function buildCadenaOriginal(c: Comprobante): string {
  let s =
    '|' +
    r(c.Version) +
    o(c.Serie) +
    o(c.Folio) +
    r(c.Fecha) +
    o(c.FormaPago) +
    r(c.NoCertificado) +
    o(c.CondicionesDePago) +
    r(c.SubTotal) +
    o(c.Descuento) +
    r(c.Moneda) +
    o(c.TipoCambio) +
    r(c.Total) +
    r(c.TipoDeComprobante) +
    r(c.Exportacion) +
    o(c.MetodoPago) +
    r(c.LugarExpedicion) +
    o(c.Confirmacion);
  const ig = c.InformacionGlobal;
  if (ig) s += r(ig.Periodicidad) + r(ig.Meses) + r(ig.Año);
  for (const rel of c.CfdiRelacionados ?? []) {
    s += r(rel.TipoRelacion);
    for (const u of rel.CfdiRelacionado) s += r(u.UUID);
  }
  const e = c.Emisor;
  s += r(e.Rfc) + r(e.Nombre) + r(e.RegimenFiscal) + o(e.FacAtrAdquirente);
  const re = c.Receptor;
  s +=
    r(re.Rfc) +
    r(re.Nombre) +
    r(re.DomicilioFiscalReceptor) +
    o(re.ResidenciaFiscal) +
    o(re.NumRegIdTrib) +
    r(re.RegimenFiscalReceptor) +
    r(re.UsoCFDI);
  for (const con of c.Conceptos) s += concepto(con);
  const imp = c.Impuestos;
  if (imp) {
    for (const x of imp.Retenciones ?? []) s += r(x.Impuesto) + r(x.Importe);
    s += o(imp.TotalImpuestosRetenidos);
    for (const x of imp.Traslados ?? [])
      s += r(x.Base) + r(x.Impuesto) + r(x.TipoFactor) + o(x.TasaOCuota) + o(x.Importe);
    s += o(imp.TotalImpuestosTrasladados);
  }
  const comp = c.Complemento;
  if (comp) {
    if (comp.Pagos) s += pagos(comp.Pagos);
    if (comp.ImpuestosLocales) s += impuestosLocales(comp.ImpuestosLocales);
    // The 4.0 stylesheet has no template for the TimbreFiscalDigital: it contributes nothing.
  }
  return `${s}||`;
}
