import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A TSV file as header + rows of text cells (no quoting: SAT values hold no tab or newline). */
export interface Tsv {
  file: string;
  header: string[];
  rows: string[][];
}

/** Reads `<dir>/<name>` (`.tsv.gz` or `.tsv`). Every cell is text, leading zeros kept. */
export function readTsv(dir: string, name: string): Tsv {
  const file = join(dir, name);
  const bytes = readFileSync(file);
  const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  const rows: string[][] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line === '') continue;
    rows.push(line.split('\t'));
  }
  return { file, header, rows };
}

/** Column accessor by name; throws when the file lacks a column (a changed source format). */
export function columns<K extends string>(tsv: Tsv, names: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const name of names) {
    const i = tsv.header.indexOf(name);
    if (i < 0) throw new Error(`${tsv.file}: falta la columna ${name}`);
    out[name] = i;
  }
  return out;
}

/** Maps every row of a TSV to an object through its named columns. */
export function mapTsv<K extends string, T>(
  tsv: Tsv,
  names: readonly K[],
  build: (cell: (name: K) => string) => T,
): T[] {
  const col = columns(tsv, names);
  return tsv.rows.map((row) => build((name) => row[col[name]] ?? ''));
}

/** SAT flags: `1` (yes) / empty or `0` (no). */
export const flag = (v: string): boolean => v === '1';

/** The validity columns of most SAT catalogs. */
export const V = ['vigencia_desde', 'vigencia_hasta'] as const;
