import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type {
  Comprobante,
  Concepto,
  DoctoRelacionado,
  ImpuestosLocales,
  Pago,
  Pagos,
  TimbreFiscalDigital,
} from './model.ts';
import { NS } from './namespaces.ts';

interface Node {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: Node[];
}

type Raw = Record<string, unknown>;

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Attribute value as an XML parser delivers it: literal white space → space, references decoded. */
function decodeAttr(v: string): string {
  const s = v.replace(/[\t\n\r]/g, ' ');
  if (!s.includes('&')) return s;
  return s.replace(
    ENTITY,
    (_m, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
      name
        ? NAMED[name]!
        : String.fromCodePoint(dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16)),
  );
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  trimValues: false,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
});

function toNodes(raw: unknown[], scope: Record<string, string>): Node[] {
  const out: Node[] = [];
  for (const item of raw as Raw[]) {
    const key = Object.keys(item).find((k) => k !== ':@');
    if (!key || key === '#text' || key === '#comment') continue;
    const rawAttrs = (item[':@'] ?? {}) as Record<string, string>;
    const local: Record<string, string> = { ...scope };
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns') local[''] = v;
      else if (k.startsWith('xmlns:')) local[k.slice(6)] = v;
    }
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
      attrs[k.includes(':') ? k : k] = decodeAttr(v);
    }
    const i = key.indexOf(':');
    const prefix = i < 0 ? '' : key.slice(0, i);
    out.push({
      ns: local[prefix] ?? '',
      name: i < 0 ? key : key.slice(i + 1),
      attrs,
      children: toNodes(item[key] as unknown[], local),
    });
  }
  return out;
}

function kids(n: Node, ns: string, name: string): Node[] {
  return n.children.filter((c) => c.ns === ns && c.name === name);
}
function kid(n: Node, ns: string, name: string): Node | undefined {
  return n.children.find((c) => c.ns === ns && c.name === name);
}

/** Copies the attributes of a node into a typed object (values are text, absent stays absent). */
function a<T>(n: Node): T {
  const o: Record<string, string> = {};
  for (const [k, v] of Object.entries(n.attrs)) if (!k.includes(':')) o[k] = v;
  return o as T;
}

function listOf<T>(parent: Node | undefined, ns: string, name: string): T[] | undefined {
  if (!parent) return undefined;
  return kids(parent, ns, name).map((x) => a<T>(x));
}

function concepto(n: Node): Concepto {
  const c = a<Concepto>(n);
  const C = NS.cfdi;
  const imp = kid(n, C, 'Impuestos');
  if (imp) {
    const tr = kid(imp, C, 'Traslados');
    const re = kid(imp, C, 'Retenciones');
    c.Impuestos = {};
    if (tr) c.Impuestos.Traslados = listOf(tr, C, 'Traslado')!;
    if (re) c.Impuestos.Retenciones = listOf(re, C, 'Retencion')!;
  }
  const act = kid(n, C, 'ACuentaTerceros');
  if (act) c.ACuentaTerceros = a(act);
  const ia = kids(n, C, 'InformacionAduanera');
  if (ia.length) c.InformacionAduanera = ia.map((x) => a(x));
  const cp = kids(n, C, 'CuentaPredial');
  if (cp.length) c.CuentaPredial = cp.map((x) => a(x));
  if (kid(n, C, 'ComplementoConcepto')) {
    throw new Error('El XML contiene un ComplementoConcepto, que no está soportado.');
  }
  const partes = kids(n, C, 'Parte');
  if (partes.length) {
    c.Parte = partes.map((p) => {
      const parte = a<NonNullable<Concepto['Parte']>[number]>(p);
      const pia = kids(p, C, 'InformacionAduanera');
      if (pia.length) parte.InformacionAduanera = pia.map((x) => a(x));
      return parte;
    });
  }
  return c;
}

function pagos(n: Node): Pagos {
  const P = NS.pago20;
  const totales = kid(n, P, 'Totales');
  if (!totales) throw new Error('El complemento Pagos no tiene el nodo Totales.');
  return {
    ...a<Pick<Pagos, 'Version'>>(n),
    Totales: a(totales),
    Pago: kids(n, P, 'Pago').map((pn): Pago => {
      const pago = a<Pago>(pn);
      pago.DoctoRelacionado = kids(pn, P, 'DoctoRelacionado').map((dn) => {
        const d = a<DoctoRelacionado>(dn);
        const idr = kid(dn, P, 'ImpuestosDR');
        if (idr) {
          d.ImpuestosDR = {};
          const r = kid(idr, P, 'RetencionesDR');
          const t = kid(idr, P, 'TrasladosDR');
          if (r) d.ImpuestosDR.RetencionesDR = listOf(r, P, 'RetencionDR')!;
          if (t) d.ImpuestosDR.TrasladosDR = listOf(t, P, 'TrasladoDR')!;
        }
        return d;
      });
      const ip = kid(pn, P, 'ImpuestosP');
      if (ip) {
        pago.ImpuestosP = {};
        const r = kid(ip, P, 'RetencionesP');
        const t = kid(ip, P, 'TrasladosP');
        if (r) pago.ImpuestosP.RetencionesP = listOf(r, P, 'RetencionP')!;
        if (t) pago.ImpuestosP.TrasladosP = listOf(t, P, 'TrasladoP')!;
      }
      return pago;
    }),
  };
}

function impuestosLocales(n: Node): ImpuestosLocales {
  const L = NS.implocal;
  const il = a<ImpuestosLocales>(n);
  const r = listOf<NonNullable<ImpuestosLocales['RetencionesLocales']>[number]>(
    n,
    L,
    'RetencionesLocales',
  )!;
  const t = listOf<NonNullable<ImpuestosLocales['TrasladosLocales']>[number]>(
    n,
    L,
    'TrasladosLocales',
  )!;
  if (r.length) il.RetencionesLocales = r;
  if (t.length) il.TrasladosLocales = t;
  return il;
}

/**
 * Parses a CFDI 4.0 XML back into the model. Throws an Error with a Spanish message when the text
 * is not well-formed XML, not a CFDI 4.0, or uses a complement the engine does not support.
 */
export function parseComprobanteXml(
  xml: string,
  /**
   * `bienFormado`: the caller has just checked this very text with fast-xml-parser's XMLValidator
   * (the sandbox PAC does, for its own error message), so the same check is not run twice.
   */
  opciones?: { bienFormado?: true },
): Comprobante {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const v = opciones?.bienFormado ? true : XMLValidator.validate(text);
  if (v !== true) {
    throw new Error(`El XML no está bien formado (línea ${v.err.line}): ${v.err.msg}`);
  }
  const roots = toNodes(parser.parse(text) as unknown[], {});
  const root = roots[0];
  const C = NS.cfdi;
  if (!root || root.ns !== C || root.name !== 'Comprobante') {
    throw new Error(
      'El XML no es un CFDI: falta el nodo cfdi:Comprobante del espacio de nombres del SAT 4.0.',
    );
  }
  const comp = a<Comprobante>(root);
  if (comp.Version !== '4.0') throw new Error('El CFDI no es versión 4.0.');
  const ig = kid(root, C, 'InformacionGlobal');
  if (ig) comp.InformacionGlobal = a(ig);
  const rels = kids(root, C, 'CfdiRelacionados');
  if (rels.length) {
    comp.CfdiRelacionados = rels.map((r) => ({
      TipoRelacion: r.attrs['TipoRelacion'] ?? '',
      CfdiRelacionado: kids(r, C, 'CfdiRelacionado').map((u) => ({ UUID: u.attrs['UUID'] ?? '' })),
    }));
  }
  const emisor = kid(root, C, 'Emisor');
  const receptor = kid(root, C, 'Receptor');
  const conceptos = kid(root, C, 'Conceptos');
  if (!emisor || !receptor || !conceptos) {
    throw new Error('El CFDI debe tener los nodos Emisor, Receptor y Conceptos.');
  }
  comp.Emisor = a(emisor);
  comp.Receptor = a(receptor);
  comp.Conceptos = kids(conceptos, C, 'Concepto').map(concepto);
  const imp = kid(root, C, 'Impuestos');
  if (imp) {
    comp.Impuestos = a(imp);
    const r = kid(imp, C, 'Retenciones');
    const t = kid(imp, C, 'Traslados');
    if (r) comp.Impuestos.Retenciones = listOf(r, C, 'Retencion')!;
    if (t) comp.Impuestos.Traslados = listOf(t, C, 'Traslado')!;
  }
  const complemento = kid(root, C, 'Complemento');
  if (complemento) {
    comp.Complemento = {};
    for (const ch of complemento.children) {
      if (ch.ns === NS.pago20 && ch.name === 'Pagos') comp.Complemento.Pagos = pagos(ch);
      else if (ch.ns === NS.implocal && ch.name === 'ImpuestosLocales')
        comp.Complemento.ImpuestosLocales = impuestosLocales(ch);
      else if (ch.ns === NS.tfd && ch.name === 'TimbreFiscalDigital')
        comp.Complemento.TimbreFiscalDigital = a<TimbreFiscalDigital>(ch);
      else throw new Error(`El complemento ${ch.name} (${ch.ns}) no está soportado.`);
    }
  }
  return comp;
}
