import { inflateRawSync } from 'node:zlib';

/**
 * An import takes at most MAX_IMPORT_ROWS rows of the template: its files are a few hundred
 * kilobytes, a few megabytes unpacked. These limits are checked on the zip itself, entry by entry,
 * with the inflater stopped at the limit, before the spreadsheet library unpacks anything whole: a
 * small file that unpacks to gigabytes (a 400 MB cell, millions of rows) is refused in milliseconds
 * instead of holding the process for minutes.
 */
export const XLSX_LIMITS = {
  /** The file as uploaded. */
  compressedBytes: 5 * 1024 * 1024,
  /** Every entry of the zip unpacked, together. */
  unpackedBytes: 16 * 1024 * 1024,
  /** `<row>` elements of the first sheet (data rows plus the header and empty formatted rows). */
  rows: 10_000,
  /** Characters of one cell's text (XML text between two tags). */
  cellChars: 4_000,
  /**
   * The farthest column a cell may be in (256 = IV). The reader gives the sheet as a table up to its
   * farthest cell, so one cell in XFD1048576 would make billions of empty ones; row numbers are held
   * to `rows` for the same reason.
   */
  columns: 256,
} as const;

export type XlsxLimits = { [K in keyof typeof XLSX_LIMITS]: number };

/** notXlsx: not a zip, or a zip without a workbook's parts (a .docx, an archive of other files). */
export type XlsxLimitProblem = 'notXlsx' | 'tooLarge' | 'tooManyRows' | 'cellTooLong' | 'farCell';

/** The parts every workbook has (ECMA-376 Part 2: the package's content types; SpreadsheetML's workbook part). */
function isWorkbook(entries: readonly Entry[]): boolean {
  const names = new Set(entries.map((e) => e.name));
  return (
    names.has('[Content_Types].xml') &&
    entries.some((e) => /^xl\/workbook\.xml$/i.test(e.name)) &&
    entries.some((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name))
  );
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The zip's central directory (end record, then one header per entry); null when it is not a zip. */
function centralDirectory(data: Buffer): Entry[] | null {
  const min = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= min; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    entries.push({
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      uncompressedSize: data.readUInt32LE(offset + 24),
      localHeaderOffset: data.readUInt32LE(offset + 42),
      name: data.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes, inflated with the output capped at `limit` (RangeError beyond it). */
function unpack(data: Buffer, entry: Entry, limit: number): Buffer | null {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) return null;
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw.length > limit ? Buffer.alloc(limit + 1) : raw;
  if (entry.method !== 8) return null;
  return inflateRawSync(raw, { maxOutputLength: Math.max(1, limit) });
}

/** The longest run of text between two tags, in characters (an upper bound: entities count whole). */
function longestText(xml: Buffer): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < xml.length; i++) {
    const byte = xml[i]!;
    if (byte === 0x3c /* < */ || byte === 0x3e /* > */) {
      if (run > longest) longest = run;
      run = 0;
    } else if ((byte & 0xc0) !== 0x80) {
      run++; // UTF-8: continuation bytes do not start a character.
    }
  }
  return Math.max(longest, run);
}

/** A column's number from its letters (A = 1, IV = 256, XFD = 16384). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

/**
 * A sheet with more `<row>` elements than the limit (with or without a namespace prefix, `<x:row>`,
 * as some libraries write), or a row or cell numbered beyond the limits.
 */
function sheetProblem(xml: Buffer, limits: XlsxLimits): 'tooManyRows' | 'farCell' | null {
  const tag = /<(?:[A-Za-z_][\w.-]*:)?(row|c)(?=[\s>/])([^>]*)>/g;
  const ref = /(?:^|\s)r\s*=\s*["']([A-Za-z]{0,3})(\d+)["']/;
  const text = xml.toString('latin1');
  let rows = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m[1] === 'row' && ++rows > limits.rows) return 'tooManyRows';
    const at = ref.exec(m[2] ?? '');
    if (!at) continue;
    if (Number(at[2]) > limits.rows) return 'farCell';
    if (at[1] && columnNumber(at[1].toUpperCase()) > limits.columns) return 'farCell';
  }
  return null;
}

/**
 * Checks an uploaded xlsx against XLSX_LIMITS without unpacking more than the limits allow; the
 * first problem found, or null when the file is within every limit.
 */
export function checkXlsxLimits(
  data: Buffer,
  limits: XlsxLimits = XLSX_LIMITS,
): XlsxLimitProblem | null {
  if (data.length > limits.compressedBytes) return 'tooLarge';
  const entries = centralDirectory(data);
  if (!entries || !isWorkbook(entries)) return 'notXlsx';
  let budget = limits.unpackedBytes;
  for (const entry of entries) {
    if (entry.uncompressedSize > budget) return 'tooLarge';
    let bytes: Buffer | null;
    try {
      bytes = unpack(data, entry, budget);
    } catch (error) {
      if (error instanceof RangeError) return 'tooLarge';
      return 'notXlsx';
    }
    if (!bytes) return 'notXlsx';
    if (bytes.length > budget) return 'tooLarge';
    budget -= bytes.length;
    if (!entry.name.endsWith('.xml')) continue;
    if (longestText(bytes) > limits.cellChars) return 'cellTooLong';
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) {
      const problem = sheetProblem(bytes, limits);
      if (problem) return problem;
    }
  }
  return null;
}
