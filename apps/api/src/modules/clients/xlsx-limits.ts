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
} as const;

export type XlsxLimitProblem = 'notZip' | 'tooLarge' | 'tooManyRows' | 'cellTooLong';

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

function countRows(xml: Buffer): number {
  let rows = 0;
  for (let at = xml.indexOf('<row'); at >= 0; at = xml.indexOf('<row', at + 4)) {
    const next = xml[at + 4];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a) rows++;
  }
  return rows;
}

/**
 * Checks an uploaded xlsx against XLSX_LIMITS without unpacking more than the limits allow; the
 * first problem found, or null when the file is within every limit.
 */
export function checkXlsxLimits(data: Buffer, limits = XLSX_LIMITS): XlsxLimitProblem | null {
  if (data.length > limits.compressedBytes) return 'tooLarge';
  const entries = centralDirectory(data);
  if (!entries || entries.length === 0) return 'notZip';
  let budget = limits.unpackedBytes;
  for (const entry of entries) {
    if (entry.uncompressedSize > budget) return 'tooLarge';
    let bytes: Buffer | null;
    try {
      bytes = unpack(data, entry, budget);
    } catch (error) {
      if (error instanceof RangeError) return 'tooLarge';
      return 'notZip';
    }
    if (!bytes) return 'notZip';
    if (bytes.length > budget) return 'tooLarge';
    budget -= bytes.length;
    if (!entry.name.endsWith('.xml')) continue;
    if (longestText(bytes) > limits.cellChars) return 'cellTooLong';
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) && countRows(bytes) > limits.rows) {
      return 'tooManyRows';
    }
  }
  return null;
}
