/**
 * XSD validation in process with libxml2 itself (npm `node-libxml`, a N-API binding compiled with
 * node-gyp on install), so the answers are those of `xmllint --schema`, used by the SAT check in CI.
 * The SAT schemas come from the repository's data/sat-xml (cfdi40-bundle.xsd imports CFDI 4.0,
 * Pagos 2.0, implocal, TimbreFiscalDigital 1.1 and leyendasFiscales with relative paths).
 *
 * The bundle is parsed and compiled ONCE per process (about 0.1 s: catCFDI.xsd alone is 2.2 MB of
 * enumerations) and the compiled schema is reused for every document, which then costs about 2 ms.
 * The earlier WebAssembly build (xmllint-wasm) recompiled everything on each call: 1 to 2 s per
 * document. Validation is synchronous: one document at a time in the one binding instance.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Libxml } from 'node-libxml';

export const SAT_XML_DIR = fileURLToPath(new URL('../../../../data/sat-xml/', import.meta.url));
const BUNDLE = `${SAT_XML_DIR}cfdi40-bundle.xsd`;

interface ErrorLibxml {
  message?: string;
}

let validador: Libxml | undefined;

function cargarEsquemas(): Libxml {
  if (validador) return validador;
  if (!existsSync(BUNDLE))
    throw new Error('Falta data/sat-xml/cfdi40-bundle.xsd en el repositorio.');
  // Loaded on first use: the binding is built from source on install (node-gyp; the package's
  // linux prebuild is not usable), so a machine without it fails here, with this message, and
  // only when a document is validated.
  let Clase: typeof Libxml;
  try {
    Clase = (createRequire(import.meta.url)('node-libxml') as { Libxml: typeof Libxml }).Libxml;
  } catch (e) {
    throw new Error(
      `No se pudo cargar node-libxml (libxml2) para validar contra el XSD del SAT: ${(e as Error).message}. Reinstala las dependencias con npm ci (necesita python3 y g++).`,
      { cause: e },
    );
  }
  const v = new Clase();
  v.loadSchemas([BUNDLE]);
  const errores = (v as unknown as { schemasLoadedErrors?: ErrorLibxml[] }).schemasLoadedErrors;
  if (errores?.length) {
    throw new Error(
      `No se pudieron compilar los esquemas del SAT: ${errores.map((e) => e.message ?? String(e)).join(' ')}`,
    );
  }
  validador = v;
  return v;
}

function mensajes(errores: unknown): string[] {
  const lista = Array.isArray(errores) ? (errores as ErrorLibxml[]) : [];
  return lista.map((e) => String(e.message ?? e).trim()).filter((m) => m.length > 0);
}

/** Schema errors of `xml` against the bundle (empty when valid); a malformed XML gives its parse errors. */
export function validarXsdSync(xml: string): string[] {
  const v = cargarEsquemas();
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

/** Async form kept for callers that await it. */
export function validarXsd(xml: string): Promise<string[]> {
  return Promise.resolve().then(() => validarXsdSync(xml));
}
