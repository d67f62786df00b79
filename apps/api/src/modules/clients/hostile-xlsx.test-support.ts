import { Readable } from 'node:stream';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

// Hostile spreadsheets for the import tests: zips written by hand, so a few hundred kilobytes can
// unpack to hundreds of megabytes (deflated as a stream, never held unpacked in memory).

export interface ZipEntry {
  name: string;
  /** Deflated bytes, their CRC-32 and unpacked size. */
  deflated: Buffer;
  crc: number;
  size: number;
}

/** Deflates a stream of chunks without holding the unpacked text (hundreds of MB) in memory. */
export async function deflateChunks(
  name: string,
  chunks: () => Iterable<string>,
): Promise<ZipEntry> {
  let crc = 0;
  let size = 0;
  const counted = function* () {
    for (const chunk of chunks()) {
      const bytes = Buffer.from(chunk);
      crc = crc32(bytes, crc);
      size += bytes.length;
      yield bytes;
    }
  };
  const out: Buffer[] = [];
  const deflater = Readable.from(counted()).pipe(createDeflateRaw({ level: 9 }));
  for await (const part of deflater) out.push(part as Buffer);
  return { name, deflated: Buffer.concat(out), crc, size };
}

export function small(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
}

/** A zip (deflate entries, central directory, end record). */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Nombre o razón social</t></is></c>' +
  '<c r="B1" t="inlineStr"><is><t>RFC</t></is></c></row>';

/** A one-sheet workbook whose sheet XML comes from `rows`. */
export async function workbook(rows: () => Iterable<string>): Promise<Buffer> {
  const sheet = await deflateChunks('xl/worksheets/sheet1.xml', function* () {
    yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    yield HEADER_ROW;
    yield* rows();
    yield '</sheetData></worksheet>';
  });
  return zip([
    small(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    small(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    small(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Clientes" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

/** 400 MB of text in one cell. */
export const bigCell = () =>
  workbook(function* () {
    yield '<row r="2"><c r="A2" t="inlineStr"><is><t>';
    const mb = 'A'.repeat(1024 * 1024);
    for (let i = 0; i < 400; i++) yield mb;
    yield '</t></is></c></row>';
  });

/** 5 million rows (without row numbers, as a spreadsheet may write them: a 1 MB file or so). */
export const manyRows = () =>
  workbook(function* () {
    const chunk = '<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(10_000);
    for (let i = 0; i < 500; i++) yield chunk;
  });

export function multipart(data: Buffer, fileName = 'clientes.xlsx') {
  const boundary = '----hostileboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
