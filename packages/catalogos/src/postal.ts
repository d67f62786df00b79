import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Catalogo } from './catalogo.ts';
import type { CodigoPostal, Colonia } from './types.ts';
import { fechaIso, vigenteEn } from './vigencia.ts';

/**
 * c_CodigoPostal (95,748 rows) and c_Colonia (145,366 rows) in compact form: as objects they held
 * about 200 MB; here a postal code is a number indexing typed arrays, the repeated text (3,119
 * distinct postal-code tails, 79,105 distinct colonia names) is stored once, and a row object is
 * built when it is asked for. Answers are the ones the row objects gave.
 */

const POSTAL_CODES = 100_000;
const CP = /^\d{5}$/;

/** The file's data lines, without the header (checked) and without empty lines. */
function* dataLines(text: string, file: string, header: string): Generator<string> {
  let start = text.indexOf('\n') + 1;
  if (text.slice(0, start).replace(/\r?\n$/, '') !== header) {
    throw new Error(`${file}: el encabezado cambió; se esperaba ${header.replaceAll('\t', ', ')}`);
  }
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
    if (line !== '') yield line;
  }
}

function readText(dir: string, name: string): string {
  return gunzipSync(readFileSync(join(dir, name))).toString('utf8');
}

/**
 * Distinct strings, stored in one flat string so that they do not keep the (much larger) file text
 * alive, as slices of it would.
 */
class Dictionary {
  private readonly ids = new Map<string, number>();
  private values: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
  seal(): string[] {
    const packed = this.values.join('\u0000').split('\u0000');
    this.values = [];
    this.ids.clear();
    return packed;
  }
}

/** The time-zone columns of c_CodigoPostal. */
export const HUSO_COLUMNAS = [
  'huso_descripcion',
  'huso_verano_mes_inicio',
  'huso_verano_dia_inicio',
  'huso_verano_hora_inicio',
  'huso_verano_diferencia',
  'huso_invierno_mes_inicio',
  'huso_invierno_dia_inicio',
  'huso_invierno_hora_inicio',
  'huso_invierno_diferencia',
  'huso_origen',
] as const;

export const CODIGO_POSTAL_HEADER = [
  'clave',
  'estado',
  'municipio',
  'localidad',
  'estimulo_franja_fronteriza',
  'vigencia_desde',
  'vigencia_hasta',
  ...HUSO_COLUMNAS,
].join('\t');

/**
 * c_CodigoPostal: per row its key (a 5-digit number) and the id of the rest of its line; `parse`
 * turns a key and that rest into the row (load/geografia.ts's reader, so rows are what they always
 * were).
 */
export function readCodigosPostalesCompact(
  dir: string,
  parse: (line: string[]) => CodigoPostal,
): Catalogo<CodigoPostal> {
  const file = 'c_CodigoPostal.tsv.gz';
  const keys: number[] = [];
  const tailIds: number[] = [];
  const dictionary = new Dictionary();
  for (const line of dataLines(readText(dir, file), file, CODIGO_POSTAL_HEADER)) {
    const tab = line.indexOf('\t');
    const clave = line.slice(0, tab);
    if (!CP.test(clave)) throw new Error(`${file}: clave no reconocida ${clave}`);
    keys.push(Number(clave));
    tailIds.push(dictionary.id(line.slice(tab + 1)));
  }
  const tails = dictionary.seal();
  const tailOf = Int32Array.from(tailIds);
  const keyOf = Int32Array.from(keys);
  const rowOf = new Int32Array(POSTAL_CODES).fill(-1);
  for (let i = keyOf.length - 1; i >= 0; i--) rowOf[keyOf[i] as number] = i; // the first row wins

  const indexOf = (clave: string): number =>
    CP.test(clave) ? (rowOf[Number(clave)] as number) : -1;
  const build = (i: number): CodigoPostal =>
    parse([
      String(keyOf[i]).padStart(5, '0'),
      ...(tails[tailOf[i] as number] as string).split('\t'),
    ]);
  const get = (clave: string): CodigoPostal | undefined => {
    const i = indexOf(clave);
    return i < 0 ? undefined : build(i);
  };
  let all: CodigoPostal[] | undefined;
  return {
    get rows() {
      all ??= Array.from(keyOf, (_, i) => build(i));
      return all;
    },
    get,
    has: (clave) => indexOf(clave) >= 0,
    vigente(clave, fecha) {
      const row = get(clave);
      return row !== undefined && vigenteEn(row, fechaIso(fecha));
    },
    vigentes(fecha) {
      const dia = fechaIso(fecha);
      return this.rows.filter((r) => vigenteEn(r, dia));
    },
  };
}

export const COLONIA_HEADER = ['clave', 'codigo_postal', 'nombre_asentamiento'].join('\t');
const CLAVE_COLONIA = /^\d{4}$/;

export interface ColoniasCompactas {
  readonly rows: readonly Colonia[];
  delCodigoPostal(codigoPostal: string): readonly Colonia[];
  get(codigoPostal: string, clave: string): Colonia | undefined;
}

/**
 * c_Colonia: per row its postal code and key as numbers and its name's id; the rows of a postal
 * code are contiguous (in key order) so `delCodigoPostal` reads one slice.
 */
export function readColoniasCompact(dir: string): ColoniasCompactas {
  const file = 'c_Colonia.tsv.gz';
  const claves: number[] = [];
  const cps: number[] = [];
  const nameIds: number[] = [];
  const dictionary = new Dictionary();
  for (const line of dataLines(readText(dir, file), file, COLONIA_HEADER)) {
    const [clave = '', cp = '', nombre = ''] = line.split('\t');
    if (!CLAVE_COLONIA.test(clave) || !CP.test(cp)) {
      throw new Error(`${file}: fila no reconocida ${clave} ${cp}`);
    }
    claves.push(Number(clave));
    cps.push(Number(cp));
    nameIds.push(dictionary.id(nombre));
  }
  const names = dictionary.seal();
  const count = claves.length;
  // Rows grouped by postal code (a counting sort keeps the file order inside each one), then each
  // group in key order: the order the per-postal-code lists always had.
  const start = new Int32Array(POSTAL_CODES + 1);
  for (const cp of cps) (start[cp + 1] as number)++;
  for (let cp = 0; cp < POSTAL_CODES; cp++)
    start[cp + 1] = (start[cp + 1] as number) + (start[cp] as number);
  const order = new Int32Array(count);
  const next = start.slice(0, POSTAL_CODES);
  for (let i = 0; i < count; i++) order[(next[cps[i] as number] as number)++] = i;
  const clave = Uint16Array.from(claves);
  const nameOf = Int32Array.from(nameIds);
  for (let cp = 0; cp < POSTAL_CODES; cp++) {
    const from = start[cp] as number;
    const to = start[cp + 1] as number;
    if (to - from > 1)
      order.subarray(from, to).sort((a, b) => (clave[a] as number) - (clave[b] as number));
  }
  const codigoPostal = Int32Array.from(cps);

  const build = (i: number): Colonia => ({
    clave: String(clave[i]).padStart(4, '0'),
    codigoPostal: String(codigoPostal[i]).padStart(5, '0'),
    nombreAsentamiento: names[nameOf[i] as number] as string,
  });
  const range = (cp: string): [number, number] => {
    if (!CP.test(cp)) return [0, 0];
    const n = Number(cp);
    return [start[n] as number, start[n + 1] as number];
  };
  let all: Colonia[] | undefined;
  return {
    get rows() {
      all ??= Array.from({ length: count }, (_, i) => build(i));
      return all;
    },
    delCodigoPostal(cp) {
      const [from, to] = range(cp);
      return Array.from(order.subarray(from, to), build);
    },
    get(cp, key) {
      const [from, to] = range(cp);
      for (let k = from; k < to; k++) {
        const i = order[k] as number;
        if (String(clave[i]).padStart(4, '0') === key) return build(i);
      }
      return undefined;
    },
  };
}
