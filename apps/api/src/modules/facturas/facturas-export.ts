import { and, desc, eq } from 'drizzle-orm';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { Db } from '../../db/client.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';
import { facturasIngreso as f } from '../../db/schema/facturas.ts';
import { AppError } from '../../http/errors.ts';
import { writeWorkbook, type CellValue, type Column } from '../clients/spreadsheet.ts';
import { facturasWhere, type FacturaFilters } from './facturas-lista.queries.ts';
import { listColumns, toListItem } from './facturas.queries.ts';

/** The most invoices one export takes: more are narrowed down with the filters. */
export const MAX_EXPORT_ROWS = 10_000;

export const EXPORT_MESSAGES = {
  tooMany: (max: number) =>
    `Hay más de ${max.toLocaleString('en-US')} facturas con estos filtros. Acote la búsqueda (por ejemplo, por fechas) y vuelva a exportar.`,
} as const;

export const FACTURAS_EXPORT_NAME = 'Facturas.xlsx';

const COLUMNS: readonly Column[] = [
  { header: 'Serie', width: 8 },
  { header: 'Folio', width: 10 },
  { header: 'UUID', width: 40 },
  { header: 'Fecha', width: 20 },
  { header: 'Cliente', width: 40 },
  { header: 'RFC', width: 16 },
  { header: 'Método de pago', width: 16 },
  { header: 'Moneda', width: 8 },
  { header: 'Subtotal', width: 16 },
  { header: 'Impuestos', width: 16 },
  { header: 'Total', width: 16 },
  { header: 'Pendiente de pago', width: 18 },
  { header: 'Estatus', width: 30 },
];

const MONEY = '#,##0.00';
/** Subtotal, Impuestos, Total and Pendiente de pago. */
const MONEY_COLUMNS = { 8: MONEY, 9: MONEY, 10: MONEY, 11: MONEY };

/** An amount as a number of 2 decimals; '' when unknown. */
function amount(value: string | Decimal | null): CellValue {
  return value ? Number(formatear(new Decimal(value), 2)) : '';
}

/**
 * Subtotal and taxes of a sealed or stamped invoice, read from its CFDI: taxes are what the total
 * adds to the subtotal less the discount (transferred minus withheld, local ones included).
 * A pre-invoice has no CFDI yet: both are left empty.
 */
function subtotalEImpuestos(xml: string | null): [CellValue, CellValue] {
  if (!xml) return ['', ''];
  const cfdi = parseComprobanteXml(xml);
  const base = new Decimal(cfdi.SubTotal).minus(cfdi.Descuento ?? '0');
  return [amount(cfdi.SubTotal), amount(new Decimal(cfdi.Total).minus(base))];
}

/** The invoices of the list's filters (all of them, not one page) as an xlsx, newest first. */
export async function exportFacturas(
  db: Db,
  enterpriseId: number,
  filters: FacturaFilters,
  max = MAX_EXPORT_ROWS,
): Promise<Buffer> {
  const rows = await db
    .select({ ...listColumns, xml_timbrado: c.xml_timbrado, xml_sellado: c.xml_sellado })
    .from(c)
    .innerJoin(f, and(eq(f.enterprise_id, c.enterprise_id), eq(f.comprobante_id, c.id)))
    .where(facturasWhere(enterpriseId, filters))
    .orderBy(desc(c.id))
    .limit(max + 1);
  if (rows.length > max) throw new AppError('BAD_REQUEST', EXPORT_MESSAGES.tooMany(max));
  const cells = rows.map((row): CellValue[] => {
    const item = toListItem(row);
    const xml = row.xml_timbrado ?? (row.status === 'pre_factura' ? null : row.xml_sellado);
    return [
      item.serie,
      item.folio ?? '',
      item.uuid ?? '',
      item.fecha.replace('T', ' '),
      item.client_name,
      item.client_rfc,
      item.metodo_pago,
      item.moneda,
      ...subtotalEImpuestos(xml),
      amount(item.total),
      amount(item.PPD_pending_amount),
      item.view_status,
    ];
  });
  return writeWorkbook('Facturas', COLUMNS, cells, { numberFormats: MONEY_COLUMNS });
}
