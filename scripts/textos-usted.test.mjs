import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What a user reads speaks "usted" and writes "solo" as the product spec does (section 5: "todos
// los conceptos deben tener solo impuestos trasladados"; the RAE dropped the accent in 2010). This
// reads every source file that holds user-visible text (not tests, not comments) for tú forms and
// for "sólo".
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIRS = [
  'apps/web/src',
  'apps/api/src',
  'packages/cfdi/src',
  'packages/contracts/src',
  'packages/pac/src',
];

const TU =
  /\b(Ajusta|Revisa|Intenta|Inténtalo|Verifica|Vuelve|Envía|Elige|Selecciona|Ingresa|Escribe|Captura|Agrega|Guarda|Descarga|Completa|Registra|Sube|Espera|Recarga|Contacta|Comunícate|Asegúrate|Corrige|Elimina|Cambia|Puedes|puedes|Tienes|tienes|Quieres|quieres|Necesitas|necesitas|Podrás|podrás|Deberás|deberás|tu|tus|Tu|Tus)\b/;
const SOLO_CON_TILDE = /\b[Ss]ólo\b/;
/**
 * The OpenAPI document describes each operation in the third person, as API references do ("Elimina
 * un cliente": the route deletes a client), and those forms coincide with the tú imperative; there
 * the reader is still never addressed as tú (no "puedes", no "tu clave").
 */
const DESCRIPCIONES_DE_OPERACIONES = 'apps/api/src/http/openapi/';
const TU_EN_DESCRIPCIONES =
  /\b(Puedes|puedes|Tienes|tienes|Quieres|quieres|Necesitas|necesitas|Podrás|podrás|Deberás|deberás|tu|tus|Tu|Tus)\b/;
/**
 * Quoted to the letter, never rewritten: spec section 8 item 1 (the support text of the persistent
 * banner); the SAT's own messages of its validation matrix (CFDI40xxx, CRP20xxx), which write
 * "sólo"; and the sandbox PAC's answers, which stand for a PAC's own words.
 */
const CITAS = ['packages/cfdi/src/validacion/rules/', 'packages/pac/src/sandbox/'];
const TEXTO_DE_LA_ESPECIFICACION = 'Puedes ponerte en contacto con nuestro soporte técnico';

function* fuentes(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* fuentes(path);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.|test-support|\.d\.ts$/.test(name)) yield path;
  }
}

function lineasConTexto(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((texto, i) => ({ texto, linea: i + 1 }))
    .filter(({ texto }) => !/^\s*(\/\/|\*|\/\*|import )/.test(texto))
    .map(({ texto, linea }) => ({ texto: texto.replace(/\s\/\/ .*$/, ''), linea }));
}

function hallazgos(patron, patronEnDescripciones = patron) {
  const found = [];
  for (const dir of DIRS)
    for (const path of fuentes(join(ROOT, dir)))
      for (const { texto, linea } of lineasConTexto(path))
        if (
          (relative(ROOT, path).startsWith(DESCRIPCIONES_DE_OPERACIONES)
            ? patronEnDescripciones
            : patron
          ).test(texto) &&
          !texto.includes(TEXTO_DE_LA_ESPECIFICACION) &&
          !CITAS.some((c) => relative(ROOT, path).startsWith(c))
        )
          found.push(`${relative(ROOT, path)}:${linea}: ${texto.trim()}`);
  return found;
}

describe('the texts a user reads', () => {
  it('speak usted, never tú', () => {
    expect(hallazgos(TU, TU_EN_DESCRIPCIONES)).toEqual([]);
  });

  it('write "solo" without an accent, as the spec does', () => {
    expect(hallazgos(SOLO_CON_TILDE)).toEqual([]);
  });
});
