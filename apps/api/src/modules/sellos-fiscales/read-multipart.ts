import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  files: Map<string, UploadedFile>;
  fields: Map<string, string>;
}

export const NOT_MULTIPART = 'Envíe los archivos como multipart/form-data.';

/**
 * Reads a multipart form into memory (the server's multipart limits bound each file). Only the named
 * files and fields are kept; anything else is drained and ignored.
 */
export async function readMultipart(
  request: FastifyRequest,
  wanted: { files: string[]; fields: string[] },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', NOT_MULTIPART);
  const files = new Map<string, UploadedFile>();
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (wanted.files.includes(part.fieldname) && data.length > 0) {
        files.set(part.fieldname, { filename: part.filename, mimetype: part.mimetype, data });
      }
    } else if (wanted.fields.includes(part.fieldname) && typeof part.value === 'string') {
      fields.set(part.fieldname, part.value);
    }
  }
  return { files, fields };
}
