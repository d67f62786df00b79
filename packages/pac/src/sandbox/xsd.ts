/**
 * XSD validation in process with libxml2 itself (npm `node-libxml`, a N-API binding compiled with
 * node-gyp on install), so the answers are those of `xmllint --schema`, used by the SAT check in CI.
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
 *   libxml2 gave before this split, and the accepted set is exactly the SAT schema's.
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
 * Validation is synchronous: one document at a time in each binding instance.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Libxml } from 'node-libxml';
import { medir } from '@repo/cfdi/fases';

export const SAT_XML_DIR = fileURLToPath(new URL('../../../../data/sat-xml/', import.meta.url));
const BUNDLE = 'cfdi40-bundle.xsd';

/** Catalog types with more enumeration values than this are checked by set lookup. */
export const UMBRAL_ENUMERACION = 1000;

interface ErrorLibxml {
  message?: string;
}

let completo: Libxml | undefined;

function claseLibxml(): typeof Libxml {
  // Loaded on first use: the binding is built from source on install (node-gyp; the package's
  // linux prebuild is not usable), so a machine without it fails here, with this message, and
  // only when a document is validated.
  try {
    return (createRequire(import.meta.url)('node-libxml') as { Libxml: typeof Libxml }).Libxml;
  } catch (e) {
    throw new Error(
      `No se pudo cargar node-libxml (libxml2) para validar contra el XSD del SAT: ${(e as Error).message}. Reinstala las dependencias con npm ci (necesita python3 y g++).`,
      { cause: e },
    );
  }
}

function compilar(bundle: string): Libxml {
  const Clase = claseLibxml();
  const v = new Clase();
  v.loadSchemas([bundle]);
  const errores = (v as unknown as { schemasLoadedErrors?: ErrorLibxml[] }).schemasLoadedErrors;
  if (errores?.length) {
    throw new Error(
      `No se pudieron compilar los esquemas del SAT: ${errores.map((e) => e.message ?? String(e)).join(' ')}`,
    );
  }
  return v;
}

function esquemaCompleto(): Libxml {
  if (completo) return completo;
  const bundle = join(SAT_XML_DIR, BUNDLE);
  if (!existsSync(bundle))
    throw new Error('Falta data/sat-xml/cfdi40-bundle.xsd en el repositorio.');
  completo = compilar(bundle);
  return completo;
}

// ------------------------------------------------------------------ relaxed schema, built once

/** A relaxed catalog type: its name and the values of its enumeration. */
export interface TipoRelajado {
  tipo: string;
  valores: ReadonlySet<string>;
}

export interface EsquemaRelajado {
  /** Relative path (from data/sat-xml) → text to compile: the SAT's files, catalogs relaxed. */
  archivos: Map<string, string>;
  /** Attribute name → the relaxed types it is declared with in the schemas. */
  atributos: Map<string, TipoRelajado[]>;
}

const quitarComentarios = (s: string) => s.replace(/<!--[\s\S]*?-->/g, '');
const escaparRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Start tags of an XML text: prefix-less local name and attributes (values may hold '>'). */
function* etiquetas(texto: string): Generator<{ nombre: string; attrs: Map<string, string> }> {
  const re =
    /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=<>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
  for (const m of texto.matchAll(re)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attrs.set(a[1] ?? '', a[2] ?? a[3] ?? '');
    yield { nombre: m[1] ?? '', attrs };
  }
}

/**
 * Reads the bundle and every schema it imports or includes (relative locations inside
 * data/sat-xml), finds the catalog types to relax and the attributes declared with them. Exported
 * for the tests; `undefined` when nothing can be relaxed safely (the full schema is then used).
 */
export function construirEsquemaRelajado(
  dir = SAT_XML_DIR,
  umbral = UMBRAL_ENUMERACION,
): EsquemaRelajado | undefined {
  const originales = new Map<string, string>();
  const pendientes = [BUNDLE];
  while (pendientes.length) {
    const rel = pendientes.pop() as string;
    if (originales.has(rel)) continue;
    const texto = readFileSync(join(dir, rel), 'utf8');
    originales.set(rel, texto);
    for (const { nombre, attrs } of etiquetas(quitarComentarios(texto))) {
      if (nombre === 'redefine' || nombre === 'override') return undefined;
      const loc = attrs.get('schemaLocation');
      if ((nombre !== 'import' && nombre !== 'include') || loc === undefined) continue;
      if (/^[a-z][\w+.-]*:/i.test(loc)) return undefined; // a URL, not a file next to the bundle
      const destino = relative(dir, resolve(dir, dirname(rel), loc));
      if (destino.startsWith('..') || isAbsolute(destino)) return undefined;
      pendientes.push(destino);
    }
  }

  // 1. candidate types: a named simpleType, one restriction with facets only, > umbral values
  const candidatos = new Map<string, { archivo: string; bloque: string; valores: Set<string> }>();
  for (const [archivo, texto] of originales) {
    const xs = /xmlns:([\w.-]+)\s*=\s*"http:\/\/www\.w3\.org\/2001\/XMLSchema"/.exec(texto)?.[1];
    if (!xs) continue;
    const p = escaparRegex(xs);
    const bloqueRe = new RegExp(
      `<${p}:simpleType\\s+name="([^"]+)"\\s*>([\\s\\S]*?)</${p}:simpleType>`,
      'g',
    );
    for (const m of texto.matchAll(bloqueRe)) {
      const cuerpo = m[2] ?? '';
      const enums = [...cuerpo.matchAll(new RegExp(`<${p}:enumeration\\b`, 'g'))].length;
      if (enums <= umbral) continue;
      const soloFacetas = quitarComentarios(cuerpo)
        .replace(new RegExp(`<${p}:restriction\\s+base="[^"]*"\\s*>`), '')
        .replace(new RegExp(`</${p}:restriction>`), '')
        .replace(
          new RegExp(
            `<${p}:(?:enumeration|whiteSpace|pattern|length|minLength|maxLength)\\s+value="[^"]*"\\s*/>`,
            'g',
          ),
          '',
        );
      if (soloFacetas.trim() !== '') continue; // annotations, nested types…: left as they are
      const valores = new Set<string>();
      for (const v of cuerpo.matchAll(new RegExp(`<${p}:enumeration\\s+value="([^"]*)"`, 'g'))) {
        const valor = v[1] ?? '';
        // values that XML or XSD normalisation could change are left to the full schema
        if (valor !== '' && !/[\s&<]/.test(valor)) valores.add(valor);
      }
      candidatos.set(m[1] ?? '', { archivo, bloque: m[0], valores });
    }
  }

  // 2. every use of a candidate must be an attribute declaration `type=` without default/fixed
  const atributosDe = new Map<string, Set<string>>(); // type → attribute names
  const descartados = new Set<string>();
  const usos = new Map<string, number>();
  for (const texto of originales.values()) {
    for (const { nombre, attrs } of etiquetas(quitarComentarios(texto))) {
      for (const [clave, valor] of attrs) {
        for (const qname of valor.split(/\s+/)) {
          const tipo = qname.slice(qname.indexOf(':') + 1);
          if (!candidatos.has(tipo)) continue;
          usos.set(tipo, (usos.get(tipo) ?? 0) + 1);
          if (nombre === 'simpleType' && clave === 'name') continue; // its definition
          const atributo = attrs.get('name');
          if (
            nombre === 'attribute' &&
            clave === 'type' &&
            atributo &&
            !attrs.has('default') &&
            !attrs.has('fixed')
          ) {
            let s = atributosDe.get(tipo);
            if (!s) atributosDe.set(tipo, (s = new Set()));
            s.add(atributo);
          } else {
            descartados.add(tipo);
          }
        }
      }
    }
  }
  // cross-check: every occurrence of the name in the schema files was one of the uses above
  for (const tipo of candidatos.keys()) {
    const re = new RegExp(`(?<![\\w.-])${escaparRegex(tipo)}(?![\\w.-])`, 'g');
    let total = 0;
    for (const texto of originales.values())
      total += quitarComentarios(texto).match(re)?.length ?? 0;
    if (total !== usos.get(tipo)) descartados.add(tipo);
  }

  const archivos = new Map(originales);
  const atributos = new Map<string, TipoRelajado[]>();
  for (const [tipo, c] of candidatos) {
    if (descartados.has(tipo)) continue;
    const relajado = c.bloque.replace(/\s*<(?:[\w.-]+:)?enumeration\s+value="[^"]*"\s*\/>/g, '');
    archivos.set(
      c.archivo,
      (archivos.get(c.archivo) ?? '').replace(c.bloque, () => relajado),
    );
    for (const a of atributosDe.get(tipo) ?? []) {
      const lista = atributos.get(a) ?? [];
      lista.push({ tipo, valores: c.valores });
      atributos.set(a, lista);
    }
  }
  if (!atributos.size) return undefined;
  return { archivos, atributos };
}

interface ValidadorRelajado {
  v: Libxml;
  atributos: Map<string, TipoRelajado[]>;
  buscar: RegExp;
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
    };
    return relajado;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------- validation

function mensajes(errores: unknown): string[] {
  const lista = Array.isArray(errores) ? (errores as ErrorLibxml[]) : [];
  return lista.map((e) => String(e.message ?? e).trim()).filter((m) => m.length > 0);
}

function validarCon(v: Libxml, xml: string): string[] {
  try {
    if (!v.loadXmlFromString(xml)) {
      const e = mensajes((v as unknown as { wellformedErrors?: unknown }).wellformedErrors);
      return e.length ? e : ['El XML no está bien formado.'];
    }
    const r = v.validateAgainstSchemas();
    if (r === null) throw new Error('Los esquemas del SAT no están cargados.');
    if (r !== false) return [];
    const porEsquema =
      (v as unknown as { validationSchemaErrors?: Record<string, unknown> })
        .validationSchemaErrors ?? {};
    const e = Object.values(porEsquema).flatMap(mensajes);
    return e.length ? e : ['El XML no cumple con el esquema del SAT.'];
  } finally {
    v.freeXml();
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
  if (r && validarCon(r.v, xml).length === 0 && valoresEnCatalogo(r, xml)) {
    contadoresXsd.rapido++;
    return [];
  }
  return validarXsdCompletoSync(xml);
}

/** Async form kept for callers that await it. */
export function validarXsd(xml: string): Promise<string[]> {
  return Promise.resolve().then(() => medir('pac.xsd', () => validarXsdSync(xml)));
}
