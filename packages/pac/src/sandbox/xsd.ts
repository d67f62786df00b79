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
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Libxml } from 'node-libxml';
import { medir } from '@repo/cfdi/fases';
import {
  BUNDLE,
  SAT_XML_DIR,
  construirEsquemaRelajado,
  escaparRegex,
  type TipoRelajado,
} from './xsd-relajado.ts';

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

// ------------------------------------------------------------- relaxed validator, compiled once

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
