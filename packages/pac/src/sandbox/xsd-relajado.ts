/**
 * The relaxed SAT schema of the sandbox PAC's XSD stage (see xsd.ts): the SAT's schema files with
 * the enumeration facets of the big catalog types removed, and the attributes declared with them.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SAT_XML_DIR = fileURLToPath(new URL('../../../../data/sat-xml/', import.meta.url));
export const BUNDLE = 'cfdi40-bundle.xsd';

/** Catalog types with more enumeration values than this are checked by set lookup. */
export const UMBRAL_ENUMERACION = 1000;

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
export const escaparRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

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
