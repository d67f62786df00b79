import {
  EXPORTACION_ZIP_MESSAGES as M,
  errorDePeriodo,
  MAX_DOCUMENTOS_ZIP,
  nombreZip,
  type ExportacionZip,
} from '@repo/contracts/exportacion-zip';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  buscarExportacion,
  documentosDelPeriodo,
  exportacionActiva,
  insertarExportacion,
  leerParte,
  type ExportacionRow,
} from './exportacion-zip.queries.ts';

/** The period of a request, checked (errorDePeriodo); 400 with the Spanish reason otherwise. */
export function validarPeriodo(desde: string, hasta: string): { desde: string; hasta: string } {
  const error = errorDePeriodo(desde, hasta);
  if (error) throw new AppError('BAD_REQUEST', error);
  return { desde, hasta };
}

export function aRespuesta(row: ExportacionRow): ExportacionZip {
  return {
    id: row.id,
    estado: row.estado,
    from_date: row.desde,
    to_date: row.hasta,
    total: row.total,
    hechos: row.hechos,
    file_name: nombreZip(row.desde, row.hasta),
    bytes: row.estado === 'lista' ? row.bytes : null,
    error: row.estado === 'error' ? row.error : null,
  };
}

/**
 * A new export of the period, pending (the exporter prepares it); the export in progress instead
 * when the enterprise already has one. 400 with a Spanish reason for a bad period, a period without
 * documents or one with more than MAX_DOCUMENTOS_ZIP.
 */
export async function crearExportacion(
  db: Db,
  enterpriseId: number,
  userId: number,
  body: { from_date: string; to_date: string },
  max = MAX_DOCUMENTOS_ZIP,
): Promise<{ exportacion: ExportacionZip; nueva: boolean }> {
  const periodo = validarPeriodo(body.from_date, body.to_date);
  const activa = await exportacionActiva(db, enterpriseId);
  if (activa) return { exportacion: aRespuesta(activa), nueva: false };
  const ids = await documentosDelPeriodo(db, enterpriseId, periodo, max + 1);
  if (ids.length === 0) throw new AppError('BAD_REQUEST', M.sinDocumentos);
  if (ids.length > max) throw new AppError('BAD_REQUEST', M.demasiados(max));
  const nueva = await insertarExportacion(db, enterpriseId, {
    userId,
    ...periodo,
    total: ids.length,
  });
  if (nueva) return { exportacion: aRespuesta(nueva), nueva: true };
  // Another request of the enterprise created one in between: answer that one.
  const otra = await exportacionActiva(db, enterpriseId);
  if (!otra) throw new AppError('CONFLICT', M.fallo);
  return { exportacion: aRespuesta(otra), nueva: false };
}

/** An export of the enterprise; 404 in Spanish when absent (deleted, or another enterprise's). */
export async function verExportacion(db: Db, enterpriseId: number, id: number) {
  const row = await buscarExportacion(db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', M.noEncontrada);
  return row;
}

/** A ready export's ZIP, part after part from the database; 409 while it is being prepared. */
export async function zipDe(db: Db, enterpriseId: number, id: number) {
  const row = await verExportacion(db, enterpriseId, id);
  if (row.estado === 'error') throw new AppError('CONFLICT', row.error ?? M.fallo);
  if (row.estado !== 'lista') throw new AppError('CONFLICT', M.noLista);
  async function* partes() {
    for (let n = 0; ; n++) {
      const parte = await leerParte(db, row, n);
      if (!parte) return;
      yield parte;
    }
  }
  return { row, partes: partes() };
}
