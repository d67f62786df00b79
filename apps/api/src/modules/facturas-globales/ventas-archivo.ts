import { IMPORT_VENTAS_MESSAGES, MAX_IMPORT_VENTAS } from '@repo/contracts/facturas-globales';
import { AppError } from '../../http/errors.ts';
import { loadFirstSheet, SPREADSHEET_MESSAGES } from '../clients/spreadsheet.ts';
import { XLSX_LIMITS } from '../clients/xlsx-limits.ts';

/**
 * The rows of the sales of a global invoice as texts: from the template (xlsx, through the guarded
 * reader every import uses), a CSV, or rows pasted from a spreadsheet (tab separated). Each row
 * keeps the number the user sees in the file.
 */

export interface Fila {
  fila: number;
  valores: string[];
}

/**
 * `<row>` elements a sales workbook may have: every sale, the header and some empty formatted
 * rows. With XLSX_LIMITS' unpacked size and cell length, a hostile file is refused from its zip.
 */
const LIMITES_XLSX = { ...XLSX_LIMITS, rows: MAX_IMPORT_VENTAS + 1_000 };
/** Lines of a CSV or pasted text: the sales and as many blank lines again, at most. */
const MAX_LINEAS = 2 * MAX_IMPORT_VENTAS + 1;
/** Columns read of each row: the template has 5; a cell in column XFD is not read. */
const MAX_COLUMNAS = 64;

/** Spreadsheet numbers come as floats (116.00000000000001): at most 6 decimals, as typed. */
function textoNumero(v: string): string {
  const t = v.trim();
  if (!/^-?\d+\.\d{7,}$/.test(t)) return t;
  return Number(t)
    .toFixed(6)
    .replace(/\.?0+$/, '');
}

async function filasDeXlsx(data: Buffer): Promise<Fila[]> {
  const sheet = await loadFirstSheet(data, {
    limits: LIMITES_XLSX,
    tooManyRows: IMPORT_VENTAS_MESSAGES.tooManyRows,
  });
  // Only the rows with something in them (never the empty ones up to the file's last row).
  return sheet.map(({ row, cells }) => ({
    fila: row,
    valores: cells.slice(0, MAX_COLUMNAS).map((v) => textoNumero(v.trim())),
  }));
}

/** CSV (comma or semicolon, quotes) or tab-separated text, one row per line. */
export function filasDeTexto(texto: string): Fila[] {
  const lineas = texto.replace(/^\uFEFF/, '').split(/\r?\n/, MAX_LINEAS + 1);
  if (lineas.length > MAX_LINEAS) {
    throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.tooManyRows);
  }
  const muestra = lineas.find((l) => l.trim() !== '') ?? '';
  const sep = muestra.includes('\t')
    ? '\t'
    : muestra.includes(';') && !muestra.includes(',')
      ? ';'
      : ',';
  return lineas.map((linea, i) => {
    const out: string[] = [];
    let actual = '';
    let comillas = false;
    for (let j = 0; j < linea.length; j++) {
      const ch = linea[j]!;
      if (comillas) {
        if (ch === '"' && linea[j + 1] === '"') {
          actual += '"';
          j++;
        } else if (ch === '"') comillas = false;
        else actual += ch;
      } else if (ch === '"' && actual === '') comillas = true;
      else if (ch === sep) {
        out.push(actual.trim());
        actual = '';
      } else actual += ch;
    }
    out.push(actual.trim());
    if (out.some((v) => v.length > XLSX_LIMITS.cellChars)) {
      throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.cellTooLong);
    }
    return { fila: i + 1, valores: out.slice(0, MAX_COLUMNAS) };
  });
}

const esZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b;
/** A CSV's text: UTF-8, or else Windows-1252 as Excel saves "CSV (delimitado por comas)". */
function texto(data: Buffer): string {
  const utf8 = data.toString('utf8');
  return utf8.includes('\uFFFD') && !data.includes('\uFFFD') ? data.toString('latin1') : utf8;
}

/**
 * The rows of an uploaded file. A zip, or a file named as a workbook (.xlsx, .xls, .ods…), must be
 * an xlsx workbook; any other text (a .csv, a .txt) is read as CSV; anything else is refused.
 */
export async function filasDeArchivo(archivo: { name: string; data: Buffer }): Promise<Fila[]> {
  const { name, data } = archivo;
  if (esZip(data) || /\.(xlsx|xlsm|xlsb|xls|ods)$/i.test(name)) return filasDeXlsx(data);
  if (!data.includes(0)) return filasDeTexto(texto(data));
  throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.badFile);
}
