/**
 * XSD validation in process with libxml2 itself, compiled to WebAssembly (npm `libxml2-wasm`: no
 * native build on install, no runtime dependencies), so the answers are those of `xmllint --schema`,
 * used by the SAT check in CI.
 * The SAT schemas come from the repository's data/sat-xml (cfdi40-bundle.xsd imports CFDI 4.0,
 * Pagos 2.0, implocal, TimbreFiscalDigital 1.1 and leyendasFiscales with relative paths).
 *
 * libxml2 checks an enumeration facet by walking its values in order, so the catalog types with
 * tens of thousands of values (c_ClaveProdServ, c_ClaveUnidad in catCFDI.xsd) cost several ms per
 * document. Two compiled schemas, each compiled once per process:
 *
 * - the RELAXED one (the default path): a copy of the SAT schema files, written to a temporary
 *   folder only while libxml2 compiles it, in which every catalog type with more than
 *   `UMBRAL_ENUMERACION` values has lost its enumeration facets (whiteSpace, pattern, length stay).
 *   The values of those types are read from the SAME files into sets, and every attribute the
 *   schemas declare with one of those types is found in the schemas themselves (not listed by hand).
 *   A document is valid when the relaxed schema accepts it AND every such attribute in it holds a
 *   value of its set (exact lookup). About 0.15 ms per document instead of 7–8 ms.
 * - the FULL one, the SAT's files as they are: compiled only when a document fails the relaxed path
 *   (or is one the relaxed path does not reason about: DOCTYPE, xsi:type, another encoding, a NUL).
 *   Its errors are the answer, so a rejected document gets exactly the messages (and the order)
 *   libxml2 gave before this split, and the accepted set is exactly the SAT schema's. One
 *   exception: a plain value (no whitespace, no `&`) of a relaxed attribute that is not in its
 *   catalog is answered without the full schema, with our own message naming the attribute, the
 *   value and the catalog, before the relaxed schema's other errors: libxml2's own message lists
 *   every value of the catalog (640 KB for c_ClaveProdServ) and building it costs about 17 s of CPU
 *   in its WebAssembly build. Such a value is invalid for the full schema too (see below).
 *
 * Why "relaxed valid + values in the sets" implies "valid against the full schema": the two schemas
 * differ only in the enumeration facets of the relaxed types; a relaxed type is chosen only when the
 * schemas use it in nothing but attribute declarations (`<xs:attribute name=… type=…>`, no default
 * or fixed value, no derived type, union or list: every occurrence of its name in the schema files is
 * accounted for); an instance can apply a type to a value only through such an attribute or through
 * xsi:type (documents with a `:type=` attribute take the full path); every occurrence of those
 * attribute names in the document text, prefixed or not, is looked up, and a set only holds values
 * without whitespace or `&`, which XML and XSD normalisation leave unchanged.
 *
 * Validation is synchronous once the module is loaded (`cargarValidadorXsd`, awaited by `validarXsd`):
 * its WebAssembly is instantiated with a top-level await, so it cannot be required synchronously.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as Libxml2Module from 'libxml2-wasm';
import type { XmlAttribute, XmlDocument, XsdValidator } from 'libxml2-wasm';
import { medir } from '@repo/cfdi/fases';
import {
  BUNDLE,
  SAT_XML_DIR,
  construirEsquemaRelajado,
  escaparRegex,
  type TipoRelajado,
} from './xsd-relajado.ts';

type Libxml2 = typeof Libxml2Module;

let libxml: Libxml2 | undefined;
let cargando: Promise<Libxml2> | undefined;

/**
 * Loads libxml2 (WebAssembly) once, on the first validation and not when the server starts; the
 * schemas' relative imports are read from disk through its Node.js file provider.
 */
export function cargarValidadorXsd(): Promise<Libxml2> {
  cargando ??= (async () => {
    try {
      const m = await import('libxml2-wasm');
      const { xmlRegisterFsInputProviders } = await import('libxml2-wasm/lib/nodejs.mjs');
      xmlRegisterFsInputProviders();
      libxml = m;
      return m;
    } catch (e) {
      cargando = undefined;
      throw new Error(
        `No se pudo cargar libxml2 (libxml2-wasm) para validar contra el XSD del SAT: ${(e as Error).message}. Reinstale las dependencias con npm ci.`,
        { cause: e },
      );
    }
  })();
  return cargando;
}

function modulo(): Libxml2 {
  if (!libxml)
    throw new Error(
      'El validador XSD no está cargado: espere cargarValidadorXsd() antes de validar.',
    );
  return libxml;
}

let completo: XsdValidator | undefined;

/** Compiles the schema at `bundle` (its imports resolved from its own folder). */
function compilar(bundle: string): XsdValidator {
  const { XmlDocument, XsdValidator } = modulo();
  const doc = XmlDocument.fromBuffer(readFileSync(bundle), { url: bundle });
  try {
    return XsdValidator.fromDoc(doc);
  } catch (e) {
    throw new Error(`No se pudieron compilar los esquemas del SAT: ${mensajes(e).join(' ')}`, {
      cause: e,
    });
  } finally {
    doc.dispose();
  }
}

function esquemaCompleto(): XsdValidator {
  if (completo) return completo;
  const bundle = join(SAT_XML_DIR, BUNDLE);
  if (!existsSync(bundle))
    throw new Error('Falta data/sat-xml/cfdi40-bundle.xsd en el repositorio.');
  completo = compilar(bundle);
  return completo;
}

// ------------------------------------------------------------- relaxed validator, compiled once

interface ValidadorRelajado {
  v: XsdValidator;
  atributos: Map<string, TipoRelajado[]>;
  buscar: RegExp;
  /** XPath predicate matching those attributes' local names. */
  condicionXPath: string;
}

let relajado: ValidadorRelajado | null | undefined;

function validadorRelajado(): ValidadorRelajado | null {
  if (relajado !== undefined) return relajado;
  const e = construirEsquemaRelajado();
  if (!e) return (relajado = null);
  const tmp = mkdtempSync(join(tmpdir(), 'sat-xsd-'));
  try {
    for (const [rel, texto] of e.archivos) {
      mkdirSync(dirname(join(tmp, rel)), { recursive: true });
      writeFileSync(join(tmp, rel), texto);
    }
    const v = compilar(join(tmp, BUNDLE)); // compiled into memory: the files are not needed after
    const nombres = [...e.atributos.keys()].map(escaparRegex).join('|');
    relajado = {
      v,
      atributos: e.atributos,
      buscar: new RegExp(`(?<=[\\s:])(${nombres})(?=\\s*=\\s*(?:"([^"]*)"|'([^']*)'))`, 'g'),
      condicionXPath: [...e.atributos.keys()].map((n) => `local-name()='${n}'`).join(' or '),
    };
    return relajado;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------- validation

/** The messages of a libxml2 error (its details, one per diagnostic, in document order). */
function mensajes(e: unknown): string[] {
  const detalles = (e as { details?: { message?: string }[] } | null)?.details;
  const lista = Array.isArray(detalles) ? detalles.map((d) => d.message ?? '') : [String(e)];
  return lista.map((m) => m.trim()).filter((m) => m.length > 0);
}

function validarCon(v: XsdValidator, xml: string): string[] {
  const { XmlParseError, XmlValidateError } = modulo();
  let doc: XmlDocument;
  try {
    // bytes, not a string: a declared encoding other than UTF-8 is read as libxml2 reads it
    doc = modulo().XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  } catch (e) {
    if (!(e instanceof XmlParseError)) throw e;
    const m = mensajes(e);
    return m.length ? m : ['El XML no está bien formado.'];
  }
  try {
    v.validate(doc);
    return [];
  } catch (e) {
    if (!(e instanceof XmlValidateError)) throw e;
    const m = mensajes(e);
    return m.length ? m : ['El XML no cumple con el esquema del SAT.'];
  } finally {
    doc.dispose();
  }
}

/** Documents the relaxed path does not reason about: another encoding, DTD, xsi:type, a NUL. */
function fueraDelCaminoRapido(xml: string): boolean {
  if (xml.includes('\0') || xml.includes('<!DOCTYPE') || /:type\s*=/.test(xml)) return true;
  const decl = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(xml);
  return decl !== null && !/^utf-?8$/i.test(decl[1] ?? '');
}

/** True when every attribute of a relaxed type in `xml` holds a value of its catalog. */
function valoresEnCatalogo(r: ValidadorRelajado, xml: string): boolean {
  for (const m of xml.matchAll(r.buscar)) {
    const valor = m[2] ?? m[3] ?? '';
    for (const t of r.atributos.get(m[1] ?? '') ?? []) if (!t.valores.has(valor)) return false;
  }
  return true;
}

/**
 * libxml2's own message for a value outside an enumeration, with the set cut to its first values
 * (libxml2 lists all of them: 640 KB for c_ClaveProdServ).
 */
function mensajeFueraDeCatalogo(nodo: XmlAttribute, valor: string, t: TipoRelajado): string {
  const e = nodo.parent;
  const elemento = e ? `{${e.namespaceUri}}${e.name.replace(/^.*:/, '')}` : '';
  const primeros = [...t.valores].slice(0, 3).map((v) => `'${v}', `);
  return `Element '${elemento}', attribute '${nodo.name}': [facet 'enumeration'] The value '${valor}' is not an element of the set {${primeros.join('')}…} (${t.tipo}: ${t.valores.size} valores del catálogo del SAT).`;
}

/**
 * The messages for attributes of a relaxed type whose value is surely not in its catalog (empty
 * when there is none), or null when only the full schema can tell. The text search above may match
 * inside another attribute's value, so a miss is confirmed on the parsed document's attributes
 * (references resolved, as the validator sees them). The sets hold values without whitespace or
 * `&`, and XSD whitespace normalisation keeps whitespace inside a value, so a value outside its set
 * is invalid unless it is a catalog key with whitespace around it (valid where the type collapses
 * whitespace: the full schema decides) or the attribute is in a namespace.
 */
function fueraDeCatalogo(r: ValidadorRelajado, xml: string): string[] | null {
  if (valoresEnCatalogo(r, xml)) return [];
  const { XmlAttribute, XmlDocument } = modulo();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
  } catch {
    return null;
  }
  try {
    const fuera: string[] = [];
    for (const nodo of doc.find(`//@*[${r.condicionXPath}]`)) {
      if (!(nodo instanceof XmlAttribute) || nodo.namespaceUri) return null;
      const valor = nodo.content;
      for (const t of r.atributos.get(nodo.name) ?? []) {
        if (t.valores.has(valor)) continue;
        if (valor.trim() !== valor && t.valores.has(valor.trim())) return null;
        fuera.push(mensajeFueraDeCatalogo(nodo, valor, t));
      }
    }
    return fuera;
  } finally {
    doc.dispose();
  }
}

/** Documents answered by each path since the process started (tests and benchmarks read it). */
export const contadoresXsd = { rapido: 0, completo: 0 };

/** Schema errors of `xml` against the full SAT schemas, compiled as they are (slow path). */
export function validarXsdCompletoSync(xml: string): string[] {
  contadoresXsd.completo++;
  return validarCon(esquemaCompleto(), xml);
}

let soloCompleto = false;

/**
 * Benchmarks only: `true` makes every document take the full schema, as before the relaxed path
 * existed (same answers, slower), so both can be compared in one process.
 */
export function usarSoloEsquemaCompleto(si: boolean): void {
  soloCompleto = si;
}

/** Schema errors of `xml` against the bundle (empty when valid); a malformed XML gives its parse errors. */
export function validarXsdSync(xml: string): string[] {
  const r = soloCompleto || fueraDelCaminoRapido(xml) ? null : validadorRelajado();
  if (r) {
    const errores = validarCon(r.v, xml);
    const fuera = fueraDeCatalogo(r, xml);
    if (fuera !== null && (fuera.length > 0 || errores.length === 0)) {
      contadoresXsd.rapido++;
      return [...fuera, ...errores];
    }
  }
  return validarXsdCompletoSync(xml);
}

/** Loads libxml2 on first use, then validates synchronously. */
export async function validarXsd(xml: string): Promise<string[]> {
  if (!libxml) await cargarValidadorXsd();
  return medir('pac.xsd', () => validarXsdSync(xml));
}
