import type ExcelJS from 'exceljs';
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
  cellTooLong: `Una celda del archivo tiene más de ${XLSX_LIMITS.cellChars.toLocaleString('en-US')} caracteres. Revise el archivo y vuelva a intentarlo.`,
} as const;

/** exceljs (about 19 MB resident) loads with the first spreadsheet, not when the server starts. */
async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

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
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row.map((v) => (typeof v === 'string' ? neutralise(v) : v)));
  }
  for (const [index, format] of Object.entries(options.numberFormats ?? {})) {
    sheet.getColumn(Number(index) + 1).numFmt = format;
  }
  if (options.notes?.length) {
    const notes = workbook.addWorksheet('Instrucciones');
    notes.getColumn(1).width = 120;
    for (const note of options.notes) notes.addRow([note]);
  }
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return '';
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

/**
 * The first sheet of an uploaded xlsx, for every import (clients, products and services, the sales
 * of a global invoice): the file is checked against XLSX_LIMITS on the zip itself (xlsx-limits.ts),
 * before the spreadsheet library unpacks anything, so a small file that unpacks to gigabytes is
 * refused in milliseconds; anything that is not a workbook is refused with one message.
 */
export async function loadFirstSheet(
  data: Buffer,
  guard: { limits?: XlsxLimits; tooManyRows?: string } = {},
): Promise<ExcelJS.Worksheet> {
  const problem = checkXlsxLimits(data, guard.limits);
  if (problem) {
    const message =
      problem === 'tooManyRows'
        ? (guard.tooManyRows ?? SPREADSHEET_MESSAGES.tooManyRows)
        : SPREADSHEET_MESSAGES[problem];
    throw new AppError('VALIDATION', message);
  }
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.notXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.notXlsx);
  return sheet;
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

  const positions = new Map<string, number>();
  const wanted = new Map(headers.map((h) => [normaliseHeader(h), h]));
  sheet.getRow(1).eachCell((cell, col) => {
    const header = wanted.get(normaliseHeader(cellText(cell.value)));
    if (header && !positions.has(header)) positions.set(header, col);
  });
  const missing = required.filter((h) => !positions.has(h));
  if (missing.length > 0)
    throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.missingColumns(missing));

  const rows: SheetRow[] = [];
  // The rows the file has, never the empty ones up to its last row number (a single row numbered
  // 1,048,576 would make a million empty rows).
  sheet.eachRow((row, r) => {
    if (r === 1) return;
    const values: Record<string, string> = {};
    let empty = true;
    for (const header of headers) {
      const col = positions.get(header);
      const text = col ? unneutralise(cellText(row.getCell(col).value).trim()) : '';
      if (text) empty = false;
      values[header] = text;
    }
    if (empty) return;
    rows.push({ row: r, values });
    if (rows.length > MAX_IMPORT_ROWS)
      throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.tooManyRows);
  });
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
