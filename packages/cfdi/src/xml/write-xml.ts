import { ATTRS } from './children-order.ts';
import type {
  Comprobante,
  Concepto,
  Pagos,
  ImpuestosLocales,
  TimbreFiscalDigital,
} from './model.ts';
import { NS, SCHEMA_LOCATION } from './namespaces.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** True when the value has a character to escape: & < > " tab LF CR (a scan of char codes). */
function necesitaEscape(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c > 62) continue;
    if (c === 38 || c === 60 || c === 62 || c === 34 || c === 9 || c === 10 || c === 13) {
      return true;
    }
  }
  return false;
}

/** The certificate repeats on every invoice of an issuer: the last one found clean is remembered. */
let ultimoLargoLimpio = '';

export function escapeAttr(value: string): string {
  if (value.length > 256) {
    if (value === ultimoLargoLimpio) return value;
    if (!necesitaEscape(value)) {
      ultimoLargoLimpio = value;
      return value;
    }
  } else if (!necesitaEscape(value)) return value;
  return value.replace(/[&<>"\t\n\r]/g, (c) => ESCAPES[c]!);
}

/** Attributes in XSD order; absent (undefined) and never empty optional attributes. */
function attrs(obj: object, names: readonly string[]): string {
  const o = obj as Readonly<Record<string, unknown>>;
  let s = '';
  for (const n of names) {
    const v = o[n];
    if (typeof v === 'string') s += ` ${n}="${escapeAttr(v)}"`;
  }
  return s;
}

/** One attribute (prefix is ` Name="`), absent unless a string: what `attrs` does for one name. */
function a(prefijo: string, v: unknown): string {
  return typeof v === 'string' ? prefijo + escapeAttr(v) + '"' : '';
}

/**
 * The attributes of the elements an invoice repeats (Concepto, its tax lines), read by name rather
 * than through the ATTRS lists: the same order (the children-order test holds them equal).
 */
export function attrsConcepto(c: Concepto): string {
  return (
    a(' ClaveProdServ="', c.ClaveProdServ) +
    a(' NoIdentificacion="', c.NoIdentificacion) +
    a(' Cantidad="', c.Cantidad) +
    a(' ClaveUnidad="', c.ClaveUnidad) +
    a(' Unidad="', c.Unidad) +
    a(' Descripcion="', c.Descripcion) +
    a(' ValorUnitario="', c.ValorUnitario) +
    a(' Importe="', c.Importe) +
    a(' Descuento="', c.Descuento) +
    a(' ObjetoImp="', c.ObjetoImp)
  );
}

export function attrsTrasladoRetencion(t: {
  Base?: string;
  Impuesto?: string;
  TipoFactor?: string;
  TasaOCuota?: string;
  Importe?: string;
}): string {
  return (
    a(' Base="', t.Base) +
    a(' Impuesto="', t.Impuesto) +
    a(' TipoFactor="', t.TipoFactor) +
    a(' TasaOCuota="', t.TasaOCuota) +
    a(' Importe="', t.Importe)
  );
}

function writeConcepto(c: Concepto): string {
  let s = `<cfdi:Concepto${attrsConcepto(c)}`;
  const imp = c.Impuestos;
  const hijos =
    imp !== undefined ||
    c.ACuentaTerceros !== undefined ||
    (c.InformacionAduanera?.length ?? 0) > 0 ||
    (c.CuentaPredial?.length ?? 0) > 0 ||
    (c.Parte?.length ?? 0) > 0;
  if (!hijos) return `${s}/>`;
  s += '>';
  if (imp) {
    s += '<cfdi:Impuestos>';
    if (imp.Traslados?.length) {
      s += '<cfdi:Traslados>';
      for (const t of imp.Traslados) s += `<cfdi:Traslado${attrsTrasladoRetencion(t)}/>`;
      s += '</cfdi:Traslados>';
    }
    if (imp.Retenciones?.length) {
      s += '<cfdi:Retenciones>';
      for (const r of imp.Retenciones) s += `<cfdi:Retencion${attrsTrasladoRetencion(r)}/>`;
      s += '</cfdi:Retenciones>';
    }
    s += '</cfdi:Impuestos>';
  }
  if (c.ACuentaTerceros)
    s += `<cfdi:ACuentaTerceros${attrs(c.ACuentaTerceros, ATTRS.ACuentaTerceros)}/>`;
  for (const ia of c.InformacionAduanera ?? [])
    s += `<cfdi:InformacionAduanera NumeroPedimento="${escapeAttr(ia.NumeroPedimento)}"/>`;
  for (const cp of c.CuentaPredial ?? [])
    s += `<cfdi:CuentaPredial Numero="${escapeAttr(cp.Numero)}"/>`;
  for (const p of c.Parte ?? []) {
    s += `<cfdi:Parte${attrs(p, ATTRS.Parte)}`;
    if (p.InformacionAduanera?.length) {
      s += '>';
      for (const ia of p.InformacionAduanera)
        s += `<cfdi:InformacionAduanera NumeroPedimento="${escapeAttr(ia.NumeroPedimento)}"/>`;
      s += '</cfdi:Parte>';
    } else s += '/>';
  }
  return `${s}</cfdi:Concepto>`;
}

function writePagos(p: Pagos): string {
  let s = `<pago20:Pagos Version="${p.Version}">`;
  s += `<pago20:Totales${attrs(p.Totales, ATTRS.Totales)}/>`;
  for (const pago of p.Pago) {
    s += `<pago20:Pago${attrs(pago, ATTRS.Pago)}>`;
    for (const d of pago.DoctoRelacionado) {
      s += `<pago20:DoctoRelacionado${attrs(d, ATTRS.DoctoRelacionado)}`;
      const imp = d.ImpuestosDR;
      if (!imp) {
        s += '/>';
        continue;
      }
      s += '><pago20:ImpuestosDR>';
      if (imp.RetencionesDR?.length) {
        s += '<pago20:RetencionesDR>';
        for (const r of imp.RetencionesDR) s += `<pago20:RetencionDR${attrs(r, ATTRS.LineaDR)}/>`;
        s += '</pago20:RetencionesDR>';
      }
      if (imp.TrasladosDR?.length) {
        s += '<pago20:TrasladosDR>';
        for (const t of imp.TrasladosDR) s += `<pago20:TrasladoDR${attrs(t, ATTRS.LineaDR)}/>`;
        s += '</pago20:TrasladosDR>';
      }
      s += '</pago20:ImpuestosDR></pago20:DoctoRelacionado>';
    }
    const ip = pago.ImpuestosP;
    if (ip) {
      s += '<pago20:ImpuestosP>';
      if (ip.RetencionesP?.length) {
        s += '<pago20:RetencionesP>';
        for (const r of ip.RetencionesP) s += `<pago20:RetencionP${attrs(r, ATTRS.RetencionP)}/>`;
        s += '</pago20:RetencionesP>';
      }
      if (ip.TrasladosP?.length) {
        s += '<pago20:TrasladosP>';
        for (const t of ip.TrasladosP) s += `<pago20:TrasladoP${attrs(t, ATTRS.TrasladoP)}/>`;
        s += '</pago20:TrasladosP>';
      }
      s += '</pago20:ImpuestosP>';
    }
    s += '</pago20:Pago>';
  }
  return `${s}</pago20:Pagos>`;
}

function writeImpuestosLocales(il: ImpuestosLocales): string {
  let s = `<implocal:ImpuestosLocales${attrs(il, ATTRS.ImpuestosLocales)}`;
  const ret = il.RetencionesLocales ?? [];
  const tra = il.TrasladosLocales ?? [];
  if (ret.length + tra.length === 0) return `${s}/>`;
  s += '>';
  for (const r of ret) s += `<implocal:RetencionesLocales${attrs(r, ATTRS.RetencionesLocales)}/>`;
  for (const t of tra) s += `<implocal:TrasladosLocales${attrs(t, ATTRS.TrasladosLocales)}/>`;
  return `${s}</implocal:ImpuestosLocales>`;
}

/** The TFD as a PAC writes it: own namespace and schemaLocation on the element. */
export function writeTimbreFiscalDigital(tfd: TimbreFiscalDigital): string {
  return (
    `<tfd:TimbreFiscalDigital xmlns:tfd="${NS.tfd}" xsi:schemaLocation="${NS.tfd} ${SCHEMA_LOCATION.tfd}"` +
    `${attrs(tfd, ATTRS.TimbreFiscalDigital)}/>`
  );
}

/**
 * Serialises a Comprobante: UTF-8 declaration, no BOM, prefixes cfdi/pago20/implocal declared on
 * the root with their schemaLocation pairs, children in XSD sequence, attributes in XSD order.
 */
export function writeComprobanteXml(c: Comprobante): string {
  const comp = c.Complemento;
  let xmlns = `xmlns:cfdi="${NS.cfdi}" xmlns:xsi="${NS.xsi}"`;
  let schema = `${NS.cfdi} ${SCHEMA_LOCATION.cfdi}`;
  if (comp?.Pagos) {
    xmlns += ` xmlns:pago20="${NS.pago20}"`;
    schema += ` ${NS.pago20} ${SCHEMA_LOCATION.pago20}`;
  }
  if (comp?.ImpuestosLocales) {
    xmlns += ` xmlns:implocal="${NS.implocal}"`;
    schema += ` ${NS.implocal} ${SCHEMA_LOCATION.implocal}`;
  }
  let s = `<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante ${xmlns} xsi:schemaLocation="${schema}"${attrs(c, ATTRS.Comprobante)}>`;
  if (c.InformacionGlobal)
    s += `<cfdi:InformacionGlobal${attrs(c.InformacionGlobal, ATTRS.InformacionGlobal)}/>`;
  for (const rel of c.CfdiRelacionados ?? []) {
    s += `<cfdi:CfdiRelacionados TipoRelacion="${escapeAttr(rel.TipoRelacion)}">`;
    for (const u of rel.CfdiRelacionado)
      s += `<cfdi:CfdiRelacionado UUID="${escapeAttr(u.UUID)}"/>`;
    s += '</cfdi:CfdiRelacionados>';
  }
  s += `<cfdi:Emisor${attrs(c.Emisor, ATTRS.Emisor)}/>`;
  s += `<cfdi:Receptor${attrs(c.Receptor, ATTRS.Receptor)}/>`;
  s += '<cfdi:Conceptos>';
  for (const con of c.Conceptos) s += writeConcepto(con);
  s += '</cfdi:Conceptos>';
  const imp = c.Impuestos;
  if (imp) {
    s += `<cfdi:Impuestos${attrs(imp, ATTRS.Impuestos)}>`;
    if (imp.Retenciones?.length) {
      s += '<cfdi:Retenciones>';
      for (const r of imp.Retenciones) s += `<cfdi:Retencion${attrs(r, ATTRS.RetencionResumen)}/>`;
      s += '</cfdi:Retenciones>';
    }
    if (imp.Traslados?.length) {
      s += '<cfdi:Traslados>';
      for (const t of imp.Traslados) s += `<cfdi:Traslado${attrsTrasladoRetencion(t)}/>`;
      s += '</cfdi:Traslados>';
    }
    s += '</cfdi:Impuestos>';
  }
  if (comp && (comp.Pagos || comp.ImpuestosLocales || comp.TimbreFiscalDigital)) {
    s += '<cfdi:Complemento>';
    if (comp.Pagos) s += writePagos(comp.Pagos);
    if (comp.ImpuestosLocales) s += writeImpuestosLocales(comp.ImpuestosLocales);
    if (comp.TimbreFiscalDigital) s += writeTimbreFiscalDigital(comp.TimbreFiscalDigital);
    s += '</cfdi:Complemento>';
  }
  return `${s}</cfdi:Comprobante>\n`;
}
