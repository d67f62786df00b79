import type { ImportReport } from '@repo/contracts/clients';
import {
  ProductServiceRequest,
  type ProductServiceRequestInput,
} from '@repo/contracts/products-services';
import type { Db } from '../../db/client.ts';
import type { ImportReportRow } from '../../db/schema/import-reports.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { catalogKey, readWorkbook, writeWorkbook, type Column } from '../clients/spreadsheet.ts';
import type { ProductCatalogs } from './product-catalogs.ts';
import { findRubroByName, saveProductsImportReport } from './products-services-import.queries.ts';
import { allProductsServices } from './products-services-list.queries.ts';
import { insertProductService } from './products-services.queries.ts';
import { MESSAGES, push, validValues, type FieldErrors } from './products-services.service.ts';

// Import and export: the template's columns, in order. Required headers must be present.
const COLUMNS = {
  productServiceObj: { header: 'Clave de producto o servicio SAT', width: 18 },
  unitsObj: { header: 'Clave de unidad SAT', width: 14 },
  description: { header: 'Descripción', width: 50 },
  unity_price: { header: 'Precio unitario', width: 16 },
  internal_code: { header: 'Código interno', width: 18 },
  taxesGroup: { header: 'Grupo de impuestos', width: 24 },
  cuentaPredialNumber: { header: 'Cuenta predial', width: 18 },
} as const satisfies Record<string, Column>;
type ColumnKey = keyof typeof COLUMNS;

const COLUMN_LIST: Column[] = Object.values(COLUMNS);
const HEADERS = COLUMN_LIST.map((c) => c.header);
const REQUIRED_HEADERS = [
  COLUMNS.productServiceObj.header,
  COLUMNS.unitsObj.header,
  COLUMNS.description.header,
  COLUMNS.unity_price.header,
  COLUMNS.taxesGroup.header,
];
const PRICE_FORMAT = '0.00####';

function headerOf(path: string): string {
  const key = path.split('.')[0] as ColumnKey;
  return COLUMNS[key]?.header ?? path;
}

const TEMPLATE_NOTES = [
  'Llene una fila por producto o servicio en la hoja Productos y Servicios, a partir de la fila 2. No cambie los encabezados.',
  'Obligatorios: Clave de producto o servicio SAT (8 dígitos, catálogo c_ClaveProdServ), Clave de unidad SAT (catálogo c_ClaveUnidad, por ejemplo H87 o E48), Descripción, Precio unitario y Grupo de impuestos.',
  'Precio unitario: número mayor o igual a 0, con hasta 6 decimales y sin signo de pesos.',
  'Grupo de impuestos: el nombre de uno de sus grupos de impuestos, tal como aparece en Configuraciones > Grupos de impuestos.',
  'Código interno y Descripción no pueden repetirse. Cuenta predial: solo letras y números.',
];

export function productsServicesTemplate(): Promise<Buffer> {
  return writeWorkbook('Productos y Servicios', COLUMN_LIST, [], {
    notes: TEMPLATE_NOTES,
    numberFormats: { 3: PRICE_FORMAT },
  });
}

/** Every product in the template's columns, so the file can be edited and imported back. */
export async function exportProductsServices(db: Db, enterpriseId: number): Promise<Buffer> {
  const rows = (await allProductsServices(db, enterpriseId)).map((ps) => [
    ps.product_service_key,
    ps.unit_key,
    ps.description,
    // A number cell, so the spreadsheet can add prices up; at most 6 decimals fit a double exactly enough.
    Number(ps.unity_price),
    ps.internal_code ?? '',
    ps.taxes_group_name,
    ps.cuentaPredialNumber ?? '',
  ]);
  return writeWorkbook('Productos y Servicios', COLUMN_LIST, rows, {
    numberFormats: { 3: PRICE_FORMAT },
  });
}

function requestFromRow(values: Record<string, string>, rubroId: number | null) {
  const cell = (key: ColumnKey) => values[COLUMNS[key].header] ?? '';
  const request: ProductServiceRequestInput = {
    productServiceObj: { clave: catalogKey(cell('productServiceObj')) },
    unitsObj: { clave: catalogKey(cell('unitsObj')).toUpperCase() },
    unity_price: cell('unity_price')
      .replace(/^\$\s*/, '')
      .replace(/,/g, ''),
    internal_code: cell('internal_code') || null,
    description: cell('description'),
    taxesGroup: rubroId ?? 0,
    cuentaPredialNumber: cell('cuentaPredialNumber') || null,
  };
  return request;
}

function reasons(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([path, messages]) =>
    messages.map((m) => `${headerOf(path)}: ${m}`),
  );
}

/**
 * Imports an xlsx of products and services: valid rows are created, invalid ones reported with
 * their reasons. A file that is not the template is refused whole; the rows go in one transaction.
 */
export async function importProductsServices(
  db: Db,
  catalogs: ProductCatalogs,
  enterpriseId: number,
  file: { name: string; data: Buffer },
): Promise<ImportReport> {
  const sheetRows = await readWorkbook(file.data, HEADERS, REQUIRED_HEADERS);
  return withTransaction(db, async (tx) => {
    const report: ImportReportRow[] = [];
    for (const { row, values } of sheetRows) {
      const label = values[COLUMNS.description.header] ?? '';
      const rubroName = values[COLUMNS.taxesGroup.header] ?? '';
      const rubro = rubroName ? await findRubroByName(tx, enterpriseId, rubroName) : null;
      const parsed = ProductServiceRequest.safeParse(requestFromRow(values, rubro?.id ?? null));
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          // An unknown group name is reported as such, not as a missing id.
          const message =
            field === 'taxesGroup' && rubroName ? MESSAGES.rubroNotFound : issue.message;
          push(errors, field, message);
        }
        report.push({ row, status: 'rejected', label, errors: reasons(errors) });
        continue;
      }
      try {
        const productValues = await validValues(tx, catalogs, enterpriseId, parsed.data, null);
        await insertProductService(tx, enterpriseId, productValues);
        report.push({ row, status: 'created', label, errors: [] });
      } catch (error) {
        if (!(error instanceof AppError) || typeof error.dataError === 'string') throw error;
        report.push({ row, status: 'rejected', label, errors: reasons(error.dataError) });
      }
    }
    const created = report.filter((r) => r.status === 'created').length;
    return saveProductsImportReport(tx, enterpriseId, {
      file_name: file.name,
      created,
      rejected: report.length - created,
      rows: report,
    });
  });
}
