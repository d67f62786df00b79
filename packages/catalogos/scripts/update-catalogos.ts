/**
 * `npm run catalogos:update -- --from <folder> --source "<where it comes from>" [--date AAAA-MM-DD]`
 *
 * Rebuilds `data/sat/` from a newer release of the SAT catalogs. `<folder>` holds one file per
 * catalog in the format of `data/sat/README.md` (UTF-8, tab-separated, header line with the same
 * column names; `.tsv` or `.tsv.gz`, e.g. `c_CodigoPostal.tsv`); files not given are kept.
 *
 * Every new file is checked before anything is replaced: it must parse with the package's own
 * readers (all columns present, flags and factors known), keys must be unique, and a catalog may
 * not lose more than 5 % of its rows (a truncated export) unless `--allow-shrink` is given. Then the
 * files are written gzip-compressed and `data/sat/sources.tsv` records file, source, date, rows and
 * SHA-256, so the provenance travels with the data.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as read from '../src/load.ts';
import { DEFAULT_DATA_DIR } from '../src/load.ts';

/** Each catalog file and the reader that validates it, with the columns that make its key. */
const CATALOGS: Record<string, { rows: (dir: string) => object[]; key: string[] }> = {
  'c_Estado.tsv.gz': { rows: read.readEstados, key: ['clave'] },
  'c_Pais.tsv.gz': { rows: read.readPaises, key: ['clave'] },
  'c_Municipio.tsv.gz': { rows: read.readMunicipios, key: ['estado', 'clave'] },
  'c_Localidad.tsv.gz': { rows: read.readLocalidades, key: ['estado', 'clave'] },
  'c_Colonia.tsv.gz': { rows: read.readColonias, key: ['codigoPostal', 'clave'] },
  'c_CodigoPostal.tsv.gz': { rows: read.readCodigosPostales, key: ['clave'] },
  'c_RegimenFiscal.tsv.gz': { rows: read.readRegimenesFiscales, key: ['clave'] },
  'c_UsoCFDI.tsv.gz': { rows: read.readUsosCfdi, key: ['clave'] },
  'c_FormaPago.tsv.gz': { rows: read.readFormasPago, key: ['clave'] },
  'c_MetodoPago.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_MetodoPago.tsv.gz'),
    key: ['clave'],
  },
  'c_ObjetoImp.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_ObjetoImp.tsv.gz'),
    key: ['clave'],
  },
  'c_MotivoCancelacion.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_MotivoCancelacion.tsv.gz'),
    key: ['clave'],
  },
  'c_ClaveUnidad.tsv.gz': { rows: read.readUnidades, key: ['clave'] },
  'c_ClaveProdServ.tsv.gz': { rows: read.readProductosServicios, key: ['clave'] },
  'c_Moneda.tsv.gz': { rows: read.readMonedas, key: ['clave'] },
  'c_TasaOCuota.tsv.gz': {
    rows: read.readTasasOCuota,
    key: ['impuesto', 'factor', 'tipo', 'valorMinimo', 'valorMaximo', 'traslado', 'vigenciaDesde'],
  },
  'c_Impuesto.tsv.gz': { rows: read.readImpuestos, key: ['clave'] },
  'c_TipoFactor.tsv.gz': { rows: read.readTiposFactor, key: ['clave'] },
  'c_TipoDeComprobante.tsv.gz': { rows: read.readTiposDeComprobante, key: ['clave'] },
  'c_TipoRelacion.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_TipoRelacion.tsv.gz'),
    key: ['clave'],
  },
  'c_Exportacion.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_Exportacion.tsv.gz'),
    key: ['clave'],
  },
  'c_Periodicidad.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_Periodicidad.tsv.gz'),
    key: ['clave'],
  },
  'c_Meses.tsv.gz': { rows: (d) => read.readClaveDescripcion(d, 'c_Meses.tsv.gz'), key: ['clave'] },
  'c_TipoCadenaPago.tsv.gz': {
    rows: (d) => read.readClaveDescripcion(d, 'c_TipoCadenaPago.tsv.gz'),
    key: ['clave'],
  },
};

function fail(message: string): never {
  console.error(`catalogos:update: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    source: { type: 'string' },
    date: { type: 'string' },
    'allow-shrink': { type: 'boolean', default: false },
    to: { type: 'string' },
  },
});
if (!values.from || !values.source) {
  fail('uso: npm run catalogos:update -- --from <carpeta> --source "<origen>" [--date AAAA-MM-DD]');
}
const date = values.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`fecha no válida: ${date}`);
const target = values.to ?? DEFAULT_DATA_DIR;

// 1. Stage: the current files plus the new ones, all gzip-compressed, in a temporary folder.
const stage = mkdtempSync(join(tmpdir(), 'catalogos-update-'));
try {
  for (const file of readdirSync(target)) copyFileSync(join(target, file), join(stage, file));
  const replaced: string[] = [];
  for (const gz of Object.keys(CATALOGS)) {
    const plain = gz.replace(/\.gz$/, '');
    const fromGz = join(values.from, gz);
    const fromPlain = join(values.from, plain);
    if (existsSync(fromGz)) {
      writeFileSync(join(stage, gz), gzipSync(gunzipSync(readFileSync(fromGz)), { level: 9 }));
    } else if (existsSync(fromPlain)) {
      writeFileSync(join(stage, gz), gzipSync(readFileSync(fromPlain), { level: 9 }));
    } else continue;
    replaced.push(gz);
  }
  if (replaced.length === 0) fail(`ningún archivo de catálogo en ${values.from}`);

  // 2. Check every replaced catalog with the package's readers.
  const report: string[] = [];
  for (const gz of replaced) {
    const spec = CATALOGS[gz] as (typeof CATALOGS)[string];
    const rows = spec.rows(stage) as Record<string, unknown>[];
    const keys = new Set<string>();
    for (const row of rows) {
      const k = spec.key.map((c) => String(row[c])).join('|');
      if (keys.has(k)) fail(`${gz}: clave repetida ${k}`);
      keys.add(k);
    }
    const before = existsSync(join(target, gz)) ? spec.rows(target).length : 0;
    if (rows.length < before * 0.95 && !values['allow-shrink']) {
      fail(`${gz}: ${rows.length} filas, antes ${before} (usa --allow-shrink si es correcto)`);
    }
    report.push(`${gz}: ${before} → ${rows.length} filas`);
  }

  // 3. Write the files and their provenance.
  const sourcesFile = join(target, 'sources.tsv');
  const header = 'file\tsource\tdate\trows\tsha256';
  const previous = existsSync(sourcesFile)
    ? readFileSync(sourcesFile, 'utf8')
        .split('\n')
        .slice(1)
        .filter((l) => l !== '')
    : [];
  const kept = previous.filter((l) => !replaced.includes(l.split('\t')[0] ?? ''));
  for (const gz of replaced) {
    const bytes = readFileSync(join(stage, gz));
    copyFileSync(join(stage, gz), join(target, gz));
    const rows = (CATALOGS[gz] as (typeof CATALOGS)[string]).rows(target).length;
    const sha = createHash('sha256').update(bytes).digest('hex');
    kept.push([gz, values.source.replace(/\s+/g, ' '), date, String(rows), sha].join('\t'));
  }
  kept.sort();
  writeFileSync(sourcesFile, `${[header, ...kept].join('\n')}\n`);
  console.log(report.join('\n'));
  console.log(`catalogos:update: ${replaced.length} catálogos actualizados en ${target}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
