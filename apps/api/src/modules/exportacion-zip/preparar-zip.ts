import {
  CARPETAS_ZIP,
  EXPORTACION_ZIP_MESSAGES,
  MAX_DOCUMENTOS_ZIP,
  RESUMEN_ZIP,
} from '@repo/contracts/exportacion-zip';
import { COMPROBANTE_TYPE_LABEL } from '@repo/contracts/comprobantes';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import { writeWorkbook, type CellValue, type Column } from '../clients/spreadsheet.ts';
import {
  fileNameOf,
  findEntregable,
  renderPdf,
  type ComprobantesDeps,
  type Entregable,
} from '../comprobantes/comprobantes.service.ts';
import {
  avanzarExportacion,
  documentosDelPeriodo,
  guardarParte,
  terminarExportacion,
  type ExportacionRow,
} from './exportacion-zip.queries.ts';
import { ZipEnPartes } from './zip-en-partes.ts';

export type PrepararDeps = Pick<ComprobantesDeps, 'db' | 'catalogos' | 'config' | 'now'>;

/** A claim holds an export this long without news; every document renews it. */
export const RECLAMO_EXPORTACION_MS = 2 * 60_000;

const COLUMNAS_RESUMEN: readonly Column[] = [
  { header: 'Tipo', width: 22 },
  { header: 'Serie', width: 8 },
  { header: 'Folio', width: 10 },
  { header: 'UUID', width: 40 },
  { header: 'Fecha', width: 20 },
  { header: 'RFC receptor', width: 16 },
  { header: 'Receptor', width: 40 },
  { header: 'Moneda', width: 8 },
  { header: 'Total', width: 16 },
  { header: 'Monto pagado (MXN)', width: 20 },
  { header: 'Estatus', width: 12 },
  { header: 'Archivo XML', width: 70 },
  { header: 'Archivo PDF', width: 70 },
];

/** The ZIP's path of a document's XML or PDF: its type's folder and the download's file name. */
export function rutaEnZip(e: Entregable, ext: 'xml' | 'pdf'): string {
  return `${CARPETAS_ZIP[e.type]}/${fileNameOf(e, ext)}`;
}

function importe(valor: string | null): CellValue {
  return valor === null ? '' : Number(formatear(new Decimal(valor), 2));
}

/** One row of Resumen.xlsx: what the SAT lists of the CFDI, cancelled ones marked. */
export function filaResumen(e: Entregable): CellValue[] {
  return [
    COMPROBANTE_TYPE_LABEL[e.type],
    e.cfdi.Serie ?? '',
    e.cfdi.Folio ?? '',
    e.uuid,
    e.cfdi.Fecha.replace('T', ' '),
    e.cfdi.Receptor.Rfc,
    e.cfdi.Receptor.Nombre,
    e.cfdi.Moneda,
    importe(e.cfdi.Total),
    // A payment complement's Total is 0: what was paid is in its Pagos 2.0 totals.
    importe(e.cfdi.Complemento?.Pagos?.Totales.MontoTotalPagos ?? null),
    e.cancelado ? 'Cancelado' : 'Vigente',
    rutaEnZip(e, 'xml'),
    rutaEnZip(e, 'pdf'),
  ];
}

/** Gives the event loop a turn: other enterprises' requests are answered between documents. */
const cederTurno = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Prepares a claimed export: every stamped or cancelled document of its period goes into the ZIP,
 * one at a time (its stamped XML byte for byte, its PDF from the same renderer as a single
 * download), the ZIP's full parts are stored as they fill, progress is recorded after each
 * document. Answers false when the claim was lost (another process took the export over).
 */
export async function prepararZip(
  deps: PrepararDeps,
  job: ExportacionRow,
  reclamo: string,
): Promise<boolean> {
  const { db } = deps;
  const ids = await documentosDelPeriodo(
    db,
    job.enterprise_id,
    { desde: job.desde, hasta: job.hasta },
    MAX_DOCUMENTOS_ZIP + 1,
  );
  if (ids.length > MAX_DOCUMENTOS_ZIP) {
    await terminarExportacion(db, job, reclamo, {
      estado: 'error',
      error: EXPORTACION_ZIP_MESSAGES.demasiados(MAX_DOCUMENTOS_ZIP),
    });
    return true;
  }
  const avanzar = (hechos: number) =>
    avanzarExportacion(db, job, reclamo, {
      total: ids.length,
      hechos,
      leaseMs: RECLAMO_EXPORTACION_MS,
    });
  if (!(await avanzar(0))) return false;

  const zip = new ZipEnPartes();
  let parte = 0;
  const guardarListas = async () => {
    for (const datos of zip.partesListas()) await guardarParte(db, job, parte++, datos);
  };
  const resumen: CellValue[][] = [];
  for (const [i, id] of ids.entries()) {
    const e = await findEntregable(deps, job.enterprise_id, id);
    const pdf = await renderPdf(deps, e);
    const fecha = new Date(`${e.cfdi.Fecha}Z`);
    zip.agregar(rutaEnZip(e, 'xml'), Buffer.from(e.xml, 'utf8'), true, fecha);
    zip.agregar(rutaEnZip(e, 'pdf'), pdf, false, fecha);
    resumen.push(filaResumen(e));
    await guardarListas();
    if (!(await avanzar(i + 1))) return false;
    await cederTurno();
  }
  const hoja = await writeWorkbook('Resumen', COLUMNAS_RESUMEN, resumen, {
    numberFormats: { 8: '#,##0.00', 9: '#,##0.00' },
  });
  zip.agregar(RESUMEN_ZIP, hoja, true, deps.now());
  zip.terminar();
  await guardarListas();
  await terminarExportacion(db, job, reclamo, { estado: 'lista', bytes: zip.bytes });
  return true;
}
