import { z } from 'zod';
import { porClave, TIPOS_COMPROBANTE } from './tipos-comprobante/registro.ts';

/**
 * A period's XML and PDF as one ZIP (issue 15): POST creates an export job of the enterprise, GET
 * answers its progress (n of N documents) and, once ready, the ZIP is downloaded from
 * GET …/{id}/descargar. The ZIP holds every stamped or cancelled CFDI dated within the period —
 * income invoices, payment complements and global invoices — each as its stamped XML and its PDF,
 * one folder per type, plus Resumen.xlsx listing them (cancelled ones marked).
 */

export const EXPORTACION_ZIP_PATH = 'facturacion/V40/comprobantes-zip';

/** The most documents one ZIP holds: a longer period is split (each PDF takes time to render). */
export const MAX_DOCUMENTOS_ZIP = 2_000;

/** The folder of each document type inside the ZIP. */
export const CARPETAS_ZIP = porClave(TIPOS_COMPROBANTE, (t) => t.carpetaZip);

export const RESUMEN_ZIP = 'Resumen.xlsx';

export const EXPORTACION_ZIP_MESSAGES = {
  desdeRequerida: 'Indique la fecha inicial del periodo (AAAA-MM-DD).',
  hastaRequerida: 'Indique la fecha final del periodo (AAAA-MM-DD).',
  fechaInvalida: (fecha: string) =>
    `La fecha ${fecha} no es una fecha válida: use el formato AAAA-MM-DD.`,
  rangoInvertido: 'La fecha final del periodo no puede ser anterior a la fecha inicial.',
  sinDocumentos:
    'No hay comprobantes timbrados ni cancelados en este periodo. Elija otro periodo y vuelva a intentarlo.',
  demasiados: (max: number) =>
    `Hay más de ${max.toLocaleString('en-US')} comprobantes en este periodo. Elija un periodo más corto (por ejemplo, un mes) y vuelva a intentarlo.`,
  noEncontrada: 'Esta descarga ya no está disponible. Prepárela de nuevo, por favor.',
  noLista: 'La descarga todavía se está preparando. Espere a que termine, por favor.',
  fallo:
    'No fue posible preparar la descarga. Inténtelo de nuevo; si el problema continúa, contacte a soporte.',
} as const;

export const CrearExportacionZipRequest = z.object({
  from_date: z.string().trim().default(''),
  to_date: z.string().trim().default(''),
});
export type CrearExportacionZipRequest = z.infer<typeof CrearExportacionZipRequest>;

export const EXPORTACION_ZIP_ESTADOS = ['pendiente', 'preparando', 'lista', 'error'] as const;
export type ExportacionZipEstado = (typeof EXPORTACION_ZIP_ESTADOS)[number];

/** An export job: its period, how far it got, and when ready the ZIP's name and size. */
export const ExportacionZip = z.object({
  id: z.number(),
  estado: z.enum(EXPORTACION_ZIP_ESTADOS),
  from_date: z.string(),
  to_date: z.string(),
  /** Documents in the ZIP (N). */
  total: z.number(),
  /** Documents already in it (n). */
  hechos: z.number(),
  file_name: z.string(),
  /** Size of the ready ZIP in bytes; null until ready. */
  bytes: z.number().nullable(),
  /** The Spanish reason when estado is 'error'. */
  error: z.string().nullable(),
});
export type ExportacionZip = z.infer<typeof ExportacionZip>;

export const ExportacionZipParams = z.object({ id: z.coerce.number().int().positive() });

function esFecha(valor: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(valor)) return false;
  const d = new Date(`${valor}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(valor);
}

/**
 * What is wrong with a period (both dates real days AAAA-MM-DD, the end not before the start), in
 * Spanish; null when it is fine. The screen checks it before sending, the API again.
 */
export function errorDePeriodo(desde: string, hasta: string): string | null {
  if (!desde) return EXPORTACION_ZIP_MESSAGES.desdeRequerida;
  if (!hasta) return EXPORTACION_ZIP_MESSAGES.hastaRequerida;
  for (const fecha of [desde, hasta]) {
    if (!esFecha(fecha)) return EXPORTACION_ZIP_MESSAGES.fechaInvalida(fecha);
  }
  if (hasta < desde) return EXPORTACION_ZIP_MESSAGES.rangoInvertido;
  return null;
}

/** Comprobantes_<from>_<to>.zip */
export function nombreZip(fromDate: string, toDate: string): string {
  return `Comprobantes_${fromDate}_${toDate}.zip`;
}
