import type { Cell, SheetData } from 'write-excel-file/node';
import { AppError } from '../../http/errors.ts';
import { checkXlsxLimits, XLSX_LIMITS, type XlsxLimits } from './xlsx-limits.ts';

/** The most data rows one import takes: larger files are split by the user. */
export const MAX_IMPORT_ROWS = 2000;

export const SPREADSHEET_MESSAGES = {
  notXlsx:
    'El archivo no es un libro de Excel válido. Guárdelo como libro de Excel (.xlsx), o descargue la plantilla, y vuelva a intentarlo.',
  noFile: 'Seleccione un archivo de Excel (.xlsx) para importar.',
  missingColumns: (columns: string[]) =>
    `Al archivo le faltan columnas de la plantilla: ${columns.join(', ')}. Descargue la plantilla y vuelva a intentarlo.`,
  noRows: 'El archivo no contiene filas para importar.',
  tooManyRows: `El archivo tiene más de ${MAX_IMPORT_ROWS} filas. Divídalo en varios archivos.`,
  tooLarge: `El archivo es demasiado grande para importarse: su contenido pasa de ${XLSX_LIMITS.unpackedBytes / 1024 / 1024} MB. Divídalo en varios archivos.`,
  farCell: `El archivo tiene datos muy lejos de la plantilla (más allá de la fila ${XLSX_LIMITS.rows.toLocaleString('en-US')} o de la columna IV). Bórrelos, o copie sus filas en la plantilla, y vuelva a intentarlo.`,
  cellTooLong: `Una celda del archivo tiene más de ${XLSX_LIMITS.cellChars.toLocaleString('en-US')} caracteres. Revise el archivo y vuelva a intentarlo.`,
} as const;

/**
 * The spreadsheet libraries (read-excel-file and write-excel-file: a few hundred kilobytes, where
 * exceljs brought 60 MB to the production install) load with the first spreadsheet, not when the
 * server starts.
 */
const reader = () => import('read-excel-file/node');
const writer = () => import('write-excel-file/node');

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Cells starting with = + - @ (or a tab or carriage return) would run as formulas when opened. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Undoes neutralise, so an exported file can be imported back unchanged. */
function unneutralise(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

export interface Column {
  header: string;
  width: number;
}

export type CellValue = string | number;

/** An xlsx with one sheet: bold header row, then the rows; text cells neutralised. */
export async function writeWorkbook(
  sheetName: string,
  columns: readonly Column[],
  rows: readonly CellValue[][],
  options: { numberFormats?: Record<number, string>; notes?: readonly string[] } = {},
): Promise<Buffer> {
  const formats = options.numberFormats ?? {};
  const header: Cell[] = columns.map((c) => ({ value: c.header, fontWeight: 'bold' }));
  const data: SheetData = [
    header,
    ...rows.map((row) =>
      row.map((v, i): Cell => {
        if (typeof v === 'string') return neutralise(v);
        const format = formats[i];
        return format ? { value: v, format } : v;
      }),
    ),
  ];
  const sheets = [{ data, sheet: sheetName, columns: columns.map((c) => ({ width: c.width })) }];
  if (options.notes?.length) {
    sheets.push({
      data: options.notes.map((note) => [note]),
      sheet: 'Instrucciones',
      columns: [{ width: 120 }],
    });
  }
  const { default: writeXlsxFile } = await writer();
  return writeXlsxFile(sheets).toBuffer();
}

/** A cell's text as the user sees it: numbers as written, dates as YYYY-MM-DD, blanks empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return '';
}

function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase();
}

export interface SheetRow {
  /** The row number the user sees in the spreadsheet. */
  row: number;
  values: Record<string, string>;
}

/** A row of the sheet that has something in it: its number as the user sees it and its cells' texts. */
export interface RowCells {
  row: number;
  cells: string[];
}

/**
 * The first sheet of an uploaded xlsx, for every import (clients, products and services, the sales
 * of a global invoice): the file is checked against XLSX_LIMITS on the zip itself (xlsx-limits.ts),
 * before the spreadsheet library unpacks anything, so a small file that unpacks to gigabytes, or
 * whose one cell far away would make millions of empty ones, is refused in milliseconds; anything
 * that is not a workbook is refused with one message. Empty rows are left out.
 */
export async function loadFirstSheet(
  data: Buffer,
  guard: { limits?: XlsxLimits; tooManyRows?: string } = {},
): Promise<RowCells[]> {
  const problem = checkXlsxLimits(data, guard.limits);
  if (problem) {
    const message =
      problem === 'tooManyRows'
        ? (guard.tooManyRows ?? SPREADSHEET_MESSAGES.tooManyRows)
        : SPREADSHEET_MESSAGES[problem];
    throw new AppError('VALIDATION', message);
  }
  const { readSheet } = await reader();
  let sheet: unknown[][];
  try {
    sheet = await readSheet(data);
  } catch {
    throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.notXlsx);
  }
  const rows: RowCells[] = [];
  sheet.forEach((values, index) => {
    const cells = values.map(cellText);
    if (cells.some((c) => c !== '')) rows.push({ row: index + 1, cells });
  });
  return rows;
}

/**
 * Reads the first sheet of an xlsx whose first row holds the template's headers (in any order,
 * accents and case ignored). Anything that is not such a file is refused before a row is read.
 */
export async function readWorkbook(
  data: Buffer,
  headers: readonly string[],
  required: readonly string[],
): Promise<SheetRow[]> {
  const sheet = await loadFirstSheet(data);
  const first = sheet[0];

  const positions = new Map<string, number>();
  const wanted = new Map(headers.map((h) => [normaliseHeader(h), h]));
  if (first?.row === 1) {
    first.cells.forEach((text, col) => {
      const header = wanted.get(normaliseHeader(text));
      if (header && !positions.has(header)) positions.set(header, col);
    });
  }
  const missing = required.filter((h) => !positions.has(h));
  if (missing.length > 0)
    throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.missingColumns(missing));

  const rows: SheetRow[] = [];
  for (const { row, cells } of sheet) {
    if (row === 1) continue;
    const values: Record<string, string> = {};
    let empty = true;
    for (const header of headers) {
      const col = positions.get(header);
      const text = col === undefined ? '' : unneutralise((cells[col] ?? '').trim());
      if (text) empty = false;
      values[header] = text;
    }
    if (empty) continue;
    rows.push({ row, values });
    if (rows.length > MAX_IMPORT_ROWS)
      throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.tooManyRows);
  }
  if (rows.length === 0) throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.noRows);
  return rows;
}

/** A catalog cell may hold the key alone or "key - description" as the template's lists show. */
export function catalogKey(text: string): string {
  return text.split(/\s+-\s+/)[0]?.trim() ?? '';
}

/** Content-Disposition for a download whose name may carry spaces or accents. */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
