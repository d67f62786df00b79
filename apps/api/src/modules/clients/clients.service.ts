import {
  ClientRequest,
  GENERIC_RFCS,
  type ClientRequestInput,
  type ImportReport,
} from '@repo/contracts/clients';
import { REGIMEN_SOCIETARIO_MESSAGE, stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import type { Db } from '../../db/client.ts';
import type { ImportReportRow } from '../../db/schema/import-reports.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { clientHasFacturas } from '../facturas/facturas.queries.ts';
import type { ClientCatalogs } from './client-catalogs.ts';
import { MESSAGES, checkClient, type FieldErrors } from './client-rules.ts';
import {
  allClients,
  deleteClient as deleteClientRow,
  findClientByRfc,
  insertClient,
  saveClientsImportReport,
  updateClient as updateClientRow,
} from './clients.queries.ts';
import { catalogKey, readWorkbook, writeWorkbook, type Column } from './spreadsheet.ts';
import { uniqueViolation } from './unique-violation.ts';

export const CLIENT_NOT_FOUND = 'El cliente no existe.';

async function rfcTaken(db: Db, enterpriseId: number, rfc: string, exceptId: number | null) {
  if (GENERIC_RFCS.includes(rfc)) return false;
  return (await findClientByRfc(db, enterpriseId, rfc, exceptId)) !== null;
}

/** The row values of a valid client, or the 422 with every field's errors. */
async function validValues(
  db: Db,
  catalogs: ClientCatalogs,
  enterpriseId: number,
  input: ClientRequest,
  exceptId: number | null,
) {
  const checked = checkClient(input, catalogs);
  const errors: FieldErrors = checked.errors ?? {};
  if (await rfcTaken(db, enterpriseId, input.rfc, exceptId)) {
    (errors.rfc ??= []).push(MESSAGES.rfcDuplicate(input.rfc));
  }
  if (!checked.values || Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
  return checked.values;
}

function duplicateRfc(rfc: string): AppError {
  return fieldError('rfc', MESSAGES.rfcDuplicate(rfc));
}

export async function createClient(
  db: Db,
  catalogs: ClientCatalogs,
  enterpriseId: number,
  input: ClientRequest,
) {
  try {
    return await withTransaction(db, async (tx) => {
      const values = await validValues(tx, catalogs, enterpriseId, input, null);
      return insertClient(tx, enterpriseId, values);
    });
  } catch (error) {
    // Two requests with the same RFC at once: the unique index decides, the loser gets the message.
    if (uniqueViolation(error)) throw duplicateRfc(input.rfc);
    throw error;
  }
}

export async function updateClient(
  db: Db,
  catalogs: ClientCatalogs,
  enterpriseId: number,
  id: number,
  input: ClientRequest,
) {
  try {
    return await withTransaction(db, async (tx) => {
      const values = await validValues(tx, catalogs, enterpriseId, input, id);
      const updated = await updateClientRow(tx, enterpriseId, id, values);
      if (!updated) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      return updated;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw duplicateRfc(input.rfc);
    throw error;
  }
}

/**
 * Deletes a client. The rule that a client used by an invoice cannot be deleted belongs to the
 * invoices module, which adds it here when invoices exist.
 */
export const CLIENT_IN_USE =
  'No se puede eliminar el cliente porque tiene facturas o pre-facturas. Puede editar sus datos en su lugar.';

export async function deleteClient(db: Db, enterpriseId: number, id: number): Promise<void> {
  if (await clientHasFacturas(db, enterpriseId, id))
    throw new AppError('CONFLICT', CLIENT_IN_USE, { showToClient: true });
  let deleted: boolean;
  try {
    deleted = await deleteClientRow(db, enterpriseId, id);
  } catch (error) {
    // An invoice saved meanwhile: the foreign key of facturas_ingreso refuses the delete.
    if (isForeignKeyViolation(error))
      throw new AppError('CONFLICT', CLIENT_IN_USE, { showToClient: true });
    throw error;
  }
  if (!deleted) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The generic RFCs are always available; any other RFC only once per enterprise. */
export async function isRfcUnique(
  db: Db,
  enterpriseId: number,
  rfc: string,
  exceptId: number | null,
) {
  return !(await rfcTaken(db, enterpriseId, rfc, exceptId));
}

// Import and export: one column per field, in the template's order. Required headers must be present.
const COLUMNS = {
  name_razon_social: { header: 'Nombre o razón social', width: 40 },
  rfc: { header: 'RFC', width: 16 },
  usoCfdi: { header: 'Uso CFDI', width: 12 },
  regimenFiscal: { header: 'Régimen fiscal', width: 14 },
  codigo_postal: { header: 'Código postal', width: 14 },
  email: { header: 'Correo electrónico', width: 36 },
  metodoPago: { header: 'Método de pago', width: 14 },
  formaPago: { header: 'Forma de pago', width: 14 },
  calle: { header: 'Calle', width: 30 },
  numero_exterior: { header: 'Número exterior', width: 14 },
  numero_interior: { header: 'Número interior', width: 14 },
  colonia: { header: 'Colonia', width: 24 },
  localidad: { header: 'Localidad', width: 24 },
  municipio: { header: 'Municipio', width: 24 },
  estado: { header: 'Estado', width: 20 },
  numRegistroIdentidadFiscal: { header: 'Núm. registro de identidad fiscal', width: 24 },
  pais: { header: 'País', width: 10 },
  description: { header: 'Descripción', width: 40 },
} as const satisfies Record<string, Column>;
type ColumnKey = keyof typeof COLUMNS;

const COLUMN_LIST: Column[] = Object.values(COLUMNS);
const HEADERS = COLUMN_LIST.map((c) => c.header);
const REQUIRED_HEADERS = [
  COLUMNS.name_razon_social.header,
  COLUMNS.rfc.header,
  COLUMNS.usoCfdi.header,
  COLUMNS.regimenFiscal.header,
  COLUMNS.codigo_postal.header,
];

/** A request field path (as zod or the rules name it) to the column the user sees. */
function headerOf(path: string): string {
  const key = (path.startsWith('address.') ? path.slice('address.'.length) : path) as ColumnKey;
  return COLUMNS[key]?.header ?? path;
}

const TEMPLATE_NOTES = [
  'Llene una fila por cliente en la hoja Clientes, a partir de la fila 2. No cambie los encabezados.',
  'Obligatorios: Nombre o razón social, RFC, Uso CFDI, Régimen fiscal y Código postal (el del domicilio fiscal).',
  'RFC: 12 caracteres para personas morales y 13 para personas físicas. Público en general: XAXX010101000 con régimen 616 y uso S01.',
  'Cliente extranjero: RFC XEXX010101000, régimen 616, Núm. registro de identidad fiscal y País (clave del catálogo c_Pais, por ejemplo USA).',
  'Uso CFDI, Régimen fiscal y Forma de pago: escriba la clave del catálogo del SAT (por ejemplo G03, 601, 03).',
  'Método de pago: PUE o PPD (con PPD la forma de pago es 99). Correo electrónico: varias direcciones separadas por comas.',
];

/** The import template: the headers and an instructions sheet. */
export function clientsTemplate(): Promise<Buffer> {
  return writeWorkbook('Clientes', COLUMN_LIST, [], { notes: TEMPLATE_NOTES });
}

/** Every client in the template's columns, so the file can be edited and imported back. */
export async function exportClients(db: Db, enterpriseId: number): Promise<Buffer> {
  const rows = (await allClients(db, enterpriseId)).map((c) => [
    c.name_razon_social,
    c.rfc,
    c.usoCfdi,
    c.regimenFiscal,
    c.address.codigo_postal,
    c.email,
    c.metodoPago ?? '',
    c.formaPago ?? '',
    c.address.calle,
    c.address.numero_exterior,
    c.address.numero_interior,
    c.address.colonia,
    c.address.localidad,
    c.address.municipio,
    c.address.estado,
    c.numRegistroIdentidadFiscal ?? '',
    c.pais ?? '',
    c.description,
  ]);
  return writeWorkbook('Clientes', COLUMN_LIST, rows);
}

/** Spreadsheets drop leading zeros of numeric-looking keys: 1000 is the postal code 01000. */
function padDigits(text: string, length: number): string {
  return /^[0-9]+$/.test(text) && text.length < length ? text.padStart(length, '0') : text;
}

function requestFromRow(values: Record<string, string>): ClientRequestInput {
  const cell = (key: ColumnKey) => values[COLUMNS[key].header] ?? '';
  return {
    name_razon_social: cell('name_razon_social'),
    rfc: cell('rfc'),
    usoCfdi: catalogKey(cell('usoCfdi')),
    regimenFiscal: catalogKey(cell('regimenFiscal')),
    metodoPago: (catalogKey(cell('metodoPago')).toUpperCase() || null) as 'PUE' | 'PPD' | null,
    formaPago: padDigits(catalogKey(cell('formaPago')), 2) || null,
    email: cell('email'),
    address: {
      codigo_postal: padDigits(cell('codigo_postal'), 5),
      calle: cell('calle'),
      numero_exterior: cell('numero_exterior'),
      numero_interior: cell('numero_interior'),
      colonia: cell('colonia'),
      localidad: cell('localidad'),
      municipio: cell('municipio'),
      estado: cell('estado'),
    },
    numRegistroIdentidadFiscal: cell('numRegistroIdentidadFiscal') || null,
    pais: catalogKey(cell('pais')) || null,
    description: cell('description'),
  };
}

function reasons(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([path, messages]) =>
    messages.map((m) => `${headerOf(path)}: ${m}`),
  );
}

/**
 * Imports an xlsx of clients: valid rows are created, invalid ones are reported with their reasons.
 * A file that is not the template is refused whole; the rows go in one transaction, so an
 * unexpected failure leaves nothing half-imported.
 */
export async function importClients(
  db: Db,
  catalogs: ClientCatalogs,
  enterpriseId: number,
  file: { name: string; data: Buffer },
): Promise<ImportReport> {
  const sheetRows = await readWorkbook(file.data, HEADERS, REQUIRED_HEADERS);
  return withTransaction(db, async (tx) => {
    const report: ImportReportRow[] = [];
    for (const { row, values } of sheetRows) {
      // Spec section 5: the régimen societario is removed from the name, and the report says so.
      const request = requestFromRow(values);
      const nombre = request.name_razon_social.trim();
      const sinRegimen = stripRegimenSocietario(nombre);
      const notas =
        sinRegimen !== nombre && sinRegimen !== ''
          ? [
              `${COLUMNS.name_razon_social.header}: ${REGIMEN_SOCIETARIO_MESSAGE}; se registró como «${sinRegimen}».`,
            ]
          : [];
      if (notas.length) request.name_razon_social = sinRegimen;
      const parsed = ClientRequest.safeParse(request);
      const label = [request.name_razon_social, values[COLUMNS.rfc.header]]
        .filter(Boolean)
        .join(' · ');
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          (errors[issue.path.join('.')] ??= []).push(issue.message);
        }
        report.push({ row, status: 'rejected', label, errors: reasons(errors) });
        continue;
      }
      try {
        const clientValues = await validValues(tx, catalogs, enterpriseId, parsed.data, null);
        await insertClient(tx, enterpriseId, clientValues);
        report.push({ row, status: 'created', label, errors: notas });
      } catch (error) {
        if (!(error instanceof AppError) || typeof error.dataError === 'string') throw error;
        report.push({ row, status: 'rejected', label, errors: reasons(error.dataError) });
      }
    }
    const created = report.filter((r) => r.status === 'created').length;
    return saveClientsImportReport(tx, enterpriseId, {
      file_name: file.name,
      created,
      rejected: report.length - created,
      rows: report,
    });
  });
}
