import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TIPOS_COMPROBANTE } from '../packages/contracts/src/tipos-comprobante/lista.ts';

// The architecture test of issue 25 ("a tipo E added in its own folder with the registries only"),
// decisions 007 and 012: a document type is a plug-in. It reads the repository's files; every type
// and every folder is found on disk, so a new type needs no edit here.
//
// (a) No type's folders import another type's folders: what two types share lives in the lifecycle
//     (apps/api/src/modules/timbrado and comprobantes, apps/web/src/shared/comprobantes, the engine's
//     shared node builders and calculations).
// (b) The files outside the credit note's own that name it are exactly its registrations.
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const leer = (ruta) => readFileSync(join(ROOT, ruta), 'utf8');
const carpetas = (ruta) =>
  readdirSync(join(ROOT, ruta), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

function archivos(ruta) {
  const fuera = [];
  for (const d of readdirSync(join(ROOT, ruta), { withFileTypes: true })) {
    const hijo = `${ruta}/${d.name}`;
    if (d.name === 'node_modules' || d.name === 'dist') continue;
    if (d.isDirectory()) fuera.push(...archivos(hijo));
    else if (/\.(ts|tsx|mjs)$/.test(d.name)) fuera.push(hijo);
  }
  return fuera;
}

// Tests may seed and compose documents of several types (decision 012).
const esPrueba = (ruta) => /\.(test|test-support|test-entorno)\.(ts|tsx|mjs)$/.test(ruta);

/** Every module specifier a file imports, re-exports or loads lazily. */
function importsDe(ruta) {
  const texto = leer(ruta);
  const patrones = [
    /\bfrom\s+'([^']+)'/g,
    /\bimport\s*\(\s*'([^']+)'\s*\)/g,
    /\bimport\s+'([^']+)'/g,
  ];
  return patrones.flatMap((p) => [...texto.matchAll(p)].map((m) => m[1]));
}

/** A specifier as a path from the repository's root (relative and `#src/` ones), or null. */
function resuelto(desde, especificador) {
  if (especificador.startsWith('.'))
    return relative(ROOT, join(ROOT, dirname(desde), especificador));
  const app = /^(apps\/[^/]+|packages\/[^/]+)\//.exec(desde);
  if (app && especificador.startsWith('#src/')) return `${app[1]}/src/${especificador.slice(5)}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The types' folders, found on disk.

// API: a module is a type's when it issues documents through the lifecycle with its own
// TipoDocumento (decision 007: it imports the type from timbrado/emision.ts): the income and global
// invoices, payments, credit notes, and the advance procedure's application. A module that only
// reads or composes documents (the sales receipts and their portal, Inicio, the period's ZIP) is
// not a type.
const API = 'apps/api/src/modules';
const WEB = 'apps/web/src/features/facturacion';
const carpetasWeb = carpetas(WEB);
const modulosApi = carpetas(API).filter((m) =>
  readdirSync(join(ROOT, API, m)).some(
    (f) =>
      f.endsWith('.ts') &&
      !esPrueba(f) &&
      /import type \{[^}]*\bTipoDocumento\b[^}]*\} from '\.\.\/timbrado\/emision\.ts'/.test(
        leer(`${API}/${m}/${f}`),
      ),
  ),
);

// SPA: every folder of features/facturacion is a type's; the income invoice has two.
const MISMO_TIPO_WEB = { 'factura-form': 'facturas' };

// Engine: a type is a builder `xml/build-<type>.ts`; its files are those whose name carries the
// builder's last word (build-pago → calc/pagos20.ts, validacion/rules/pagos-docto.ts …). What is
// named after no type (xml/nodos, calc/calcular-comprobante.ts …) is shared.
const ENGINE = 'packages/cfdi/src';
const palabraDeTipo = readdirSync(join(ROOT, ENGINE, 'xml'))
  .filter((f) => /^build-.*\.ts$/.test(f) && !esPrueba(f))
  .map((f) =>
    f
      .replace(/^build-|\.ts$/g, '')
      .split('-')
      .at(-1),
  );

function tipoDelMotor(ruta) {
  if (!ruta.startsWith(`${ENGINE}/`)) return null;
  const nombre = ruta
    .split('/')
    .at(-1)
    .replace(/\.tsx?$/, '');
  const palabras = nombre.split('-').map((p) => p.replace(/\d+$/, ''));
  const tipo = palabraDeTipo.find((t) => palabras.some((p) => p === t || p === `${t}s`));
  return tipo ? `motor:${tipo}` : null;
}

/** The type a file belongs to (`api:…`, `web:…`, `motor:…`), or null when it is not a type's. */
function tipoDe(ruta) {
  const api = new RegExp(`^${API}/([^/]+)/`).exec(ruta);
  if (api && modulosApi.includes(api[1])) return `api:${api[1]}`;
  const web = new RegExp(`^${WEB}/([^/]+)/`).exec(ruta);
  if (web) return `web:${MISMO_TIPO_WEB[web[1]] ?? web[1]}`;
  return tipoDelMotor(ruta);
}

// ---------------------------------------------------------------------------------------------
// (a)

const deTipos = [
  ...archivos(API).filter((f) => tipoDe(f)),
  ...archivos(WEB),
  ...archivos(`${ENGINE}`).filter((f) => tipoDelMotor(f)),
].filter((f) => !esPrueba(f));

describe("a document type's folders import no other type's (issue 25, decision 012)", () => {
  it('finds every type in every layer', () => {
    expect(modulosApi).toEqual(
      expect.arrayContaining([
        'facturas',
        'facturas-globales',
        'complementos-pago',
        'notas-credito',
        'anticipos',
      ]),
    );
    expect(carpetasWeb).toEqual(
      expect.arrayContaining(['facturas', 'facturas-globales', 'pagos', 'notas-credito']),
    );
    expect(palabraDeTipo).toEqual(
      expect.arrayContaining(['ingreso', 'pago', 'global', 'credito', 'anticipo']),
    );
    expect(tipoDe(`${ENGINE}/calc/pagos20.ts`)).toBe('motor:pago');
    expect(tipoDe(`${ENGINE}/validacion/rules/pagos-docto.ts`)).toBe('motor:pago');
    expect(tipoDe(`${ENGINE}/calc/nota-credito.ts`)).toBe('motor:credito');
    expect(tipoDe(`${ENGINE}/xml/nodos/conceptos.ts`)).toBe(null);
  });

  it.each(deTipos)('%s', (ruta) => {
    const propio = tipoDe(ruta);
    const ajenos = importsDe(ruta)
      .map((i) => resuelto(ruta, i))
      .filter((destino) => destino !== null && tipoDe(destino) && tipoDe(destino) !== propio);
    expect(ajenos).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// (b)

const NOTA = TIPOS_COMPROBANTE.find((t) => t.tipoDeComprobante === 'E');

/** snake_case, kebab-case, camelCase, PascalCase and UPPER_CASE of a key. */
function formas(clave) {
  const palabras = clave.split(/[-_]/);
  const camel = palabras.map((p, i) => (i ? p[0].toUpperCase() + p.slice(1) : p)).join('');
  return [
    palabras.join('_'),
    palabras.join('-'),
    camel,
    camel[0].toUpperCase() + camel.slice(1),
    palabras.join('_').toUpperCase(),
  ];
}
// The credit note's key, its serie kind (also its folders' name), in every spelling.
const NOMBRES_NOTA = [...new Set([NOTA.clave, NOTA.serie.kind].flatMap(formas))];
const MENCIONA_NOTA = new RegExp(`(${NOMBRES_NOTA.join('|')})`);
const RUTA_DE_NOTA = new RegExp(`(^|/|-)(${NOMBRES_NOTA.join('|')})(/|\\.|-)`);

/**
 * The credit note's own files: its folders (API module, SPA feature) and every file named after it
 * (its declaration and contract, engine builder and calculation, route group and screens).
 */
const esDeLaNota = (ruta) => RUTA_DE_NOTA.test(ruta) || tipoDe(ruta) === 'motor:credito';

/**
 * Types built on the credit note: the SAT's advance procedure issues its third step as a credit
 * note (Guía de llenado 4.0, Apéndice 6), so its files name the type whose document they issue;
 * adding the credit note did not edit them (they came after it).
 */
const CONSTRUIDOS_SOBRE_LA_NOTA = ['anticipos'];
const esDeUnTipoQueLaUsa = (ruta) =>
  CONSTRUIDOS_SOBRE_LA_NOTA.some((t) => new RegExp(`(^|/|-)${t}(/|\\.|-)`).test(ruta));

/**
 * Where a type is registered, and why it must be named there: the only existing files the commit
 * that adds a type edits outside its own folders (issue 25: at most three).
 */
const REGISTROS = {
  // Its declaration (key, names and gender, serie, ZIP folder, balance effect, PDF section) in the
  // list every generic part iterates (registro.ts derives the rest).
  'packages/contracts/src/tipos-comprobante/lista.ts': 'the list of document types',
  // Its API routes, registered explicitly (no autoload, house style): the composition root.
  'apps/api/src/server.ts': 'the API composition root',
  // Its screens' route group, listed in order (the first matching path wins).
  'apps/web/src/app/router.tsx': 'the SPA route table',
};

/**
 * Not yet a registration, to be moved into the type's own files: tables keyed by every route or
 * module, written by other work at the same time as this test (the OpenAPI route descriptions, the
 * routes that need an Idempotency-Key, the audit log's labels). Each should be declared beside its
 * route (`schema.summary`, `config`, as the capabilities are) or read from the types' list. Listed so the set
 * cannot grow; the test fails when one no longer names the type, so the list only shrinks.
 */
const PENDIENTES = {
  'apps/api/src/http/openapi/rutas-catalogo.ts': "the series route's summary of each kind",
  'apps/api/src/http/openapi/rutas-otros-comprobantes.ts': "the credit note's routes' summaries",
  'apps/api/src/http/openapi/rutas-registro.ts': "the sign-up wizard's series route of each kind",
  // API keys (issue 28): the stamping routes that need an Idempotency-Key, a table of routes.
  'apps/api/src/http/permisos.ts': 'RUTAS_CON_IDEMPOTENCIA names the credit note POST',
  // The audit log's names of each module's records (issue 27).
  'apps/api/src/modules/auditoria/auditoria.service.ts': "the log's label of each module",
};

const CARPETAS_DE_CODIGO = ['apps/api/src', 'apps/web/src', 'packages'];
const generales = CARPETAS_DE_CODIGO.flatMap(archivos).filter(
  (f) => !esPrueba(f) && !esDeLaNota(f) && !esDeUnTipoQueLaUsa(f),
);

describe('a credit note (tipo E) is added in its own folders and the registries only', () => {
  it('its key is spelled the way the code spells it', () => {
    expect(NOMBRES_NOTA).toEqual(
      expect.arrayContaining(['nota_credito', 'NOTA_CREDITO', 'notas-credito', 'notasCredito']),
    );
    expect(esDeLaNota('apps/api/src/modules/notas-credito/notas-credito.routes.ts')).toBe(true);
    expect(esDeLaNota('packages/cfdi/src/xml/build-nota-credito.ts')).toBe(true);
    expect(esDeLaNota('apps/web/src/app/routes/facturacion-notas-credito.tsx')).toBe(true);
    expect(esDeLaNota('apps/api/src/server.ts')).toBe(false);
  });

  it('the files outside its folders that name it are exactly the registries', () => {
    const nombran = generales.filter((f) => MENCIONA_NOTA.test(leer(f))).sort();
    expect(nombran).toEqual([...Object.keys(REGISTROS), ...Object.keys(PENDIENTES)].sort());
    expect(Object.keys(REGISTROS).length).toBeLessThanOrEqual(3);
    for (const r of Object.keys(REGISTROS)) expect(existsSync(join(ROOT, r))).toBe(true);
    expect(statSync(join(ROOT, API, 'notas-credito')).isDirectory()).toBe(true);
  });
});
