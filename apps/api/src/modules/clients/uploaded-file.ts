import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { SPREADSHEET_MESSAGES } from './spreadsheet.ts';

/** The uploaded file of a multipart request (any field name); a request without one is refused. */
export async function uploadedFile(
  request: FastifyRequest,
): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.noFile);
  const part = await request.file();
  if (!part) throw new AppError('VALIDATION', SPREADSHEET_MESSAGES.noFile);
  return { name: part.filename, data: await part.toBuffer() };
}
