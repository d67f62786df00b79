import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ClientResponse, ImportReport } from '@repo/contracts/clients';
import type { Db } from '../../db/client.ts';
import { paginaBuscada } from '../../db/pagina-buscada.ts';
import { clients } from '../../db/schema/clients.ts';
import { importReports, type ImportReportRow } from '../../db/schema/import-reports.ts';

type ClientRow = typeof clients.$inferSelect;

/** The values a client row is written from (service-checked). */
export type ClientValues = Omit<ClientRow, 'enterprise_id' | 'id' | 'created_at' | 'updated_at'>;

export type ClientOrderColumn =
  'name_razon_social' | 'rfc' | 'email' | 'usoCfdi' | 'regimenFiscal' | 'created_at';

const ORDER_COLUMNS: Record<ClientOrderColumn, SQL> = {
  name_razon_social: sql`lower(${clients.name_razon_social})`,
  rfc: sql`${clients.rfc}`,
  email: sql`lower(coalesce(${clients.emails}[1], ''))`,
  usoCfdi: sql`${clients.uso_cfdi}`,
  regimenFiscal: sql`${clients.regimen_fiscal}`,
  created_at: sql`${clients.created_at}`,
};

export function toClientResponse(row: ClientRow): ClientResponse {
  return {
    id: row.id,
    name_razon_social: row.name_razon_social,
    rfc: row.rfc,
    usoCfdi: row.uso_cfdi,
    regimenFiscal: row.regimen_fiscal,
    metodoPago: row.metodo_pago,
    formaPago: row.forma_pago,
    email: row.emails.join(', '),
    emails: row.emails,
    address: {
      codigo_postal: row.codigo_postal,
      calle: row.calle,
      numero_exterior: row.numero_exterior,
      numero_interior: row.numero_interior,
      colonia: row.colonia,
      localidad: row.localidad,
      municipio: row.municipio,
      estado: row.estado,
    },
    numRegistroIdentidadFiscal: row.num_registro_identidad_fiscal,
    pais: row.pais,
    description: row.description,
  };
}

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The term anywhere in the name, RFC or e-mails (`clients_emails_texto`: the e-mails joined by
 * spaces, as the trigram index of migration 0025 holds them).
 */
function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return sql`(${clients.name_razon_social} ilike ${pattern} or ${clients.rfc} ilike ${pattern} or clients_emails_texto(${clients.emails}) ilike ${pattern})`;
}

export interface ClientListOptions {
  search: string;
  orderBy: ClientOrderColumn;
  direction: 'asc' | 'desc';
  /** null: every match. */
  page: { number: number; size: number } | null;
}

/** One page of the enterprise's clients (or all matches), with the total count of matches. */
export async function listClients(db: Db, enterpriseId: number, options: ClientListOptions) {
  const where = and(eq(clients.enterprise_id, enterpriseId), searchCondition(options.search));
  const order = options.direction === 'asc' ? asc : desc;
  const orderBy = [order(ORDER_COLUMNS[options.orderBy]), order(clients.id)];
  if (options.search && options.page) return searchedPage(db, where, orderBy, options.page);
  const query = db
    .select()
    .from(clients)
    .where(where)
    .orderBy(...orderBy);
  const rows = options.page
    ? await query.limit(options.page.size).offset((options.page.number - 1) * options.page.size)
    : await query;
  return { rows: rows.map(toClientResponse), total: await countOf(db, where) };
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(where);
  return Number(count?.n ?? 0);
}

/** A search's page: its ids and number of matches in one pass, then its rows. */
async function searchedPage(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { number: number; size: number },
) {
  const { ids, total } = await paginaBuscada(db, clients, where, orderBy, page);
  const rows = ids.length
    ? await db
        .select()
        .from(clients)
        .where(and(where, inArray(clients.id, ids)))
        .orderBy(...orderBy)
    : [];
  return { rows: rows.map(toClientResponse), total };
}

export async function findClient(db: Db, enterpriseId: number, id: number) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.enterprise_id, enterpriseId), eq(clients.id, id)));
  return row ? toClientResponse(row) : null;
}

/** Another client of the enterprise with this RFC (the generic RFCs are never looked up). */
export async function findClientByRfc(
  db: Db,
  enterpriseId: number,
  rfc: string,
  exceptId: number | null,
) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.enterprise_id, enterpriseId),
        eq(clients.rfc, rfc),
        exceptId === null ? undefined : sql`${clients.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertClient(db: Db, enterpriseId: number, values: ClientValues) {
  const [row] = await db
    .insert(clients)
    .values({ ...values, enterprise_id: enterpriseId })
    .returning();
  if (!row) throw new Error('insertClient returned no row');
  return toClientResponse(row);
}

export async function updateClient(db: Db, enterpriseId: number, id: number, values: ClientValues) {
  const [row] = await db
    .update(clients)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(clients.enterprise_id, enterpriseId), eq(clients.id, id)))
    .returning();
  return row ? toClientResponse(row) : null;
}

export async function deleteClient(db: Db, enterpriseId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(clients)
    .where(and(eq(clients.enterprise_id, enterpriseId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

export async function countClients(db: Db, enterpriseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.enterprise_id, enterpriseId));
  return Number(row?.n ?? 0);
}

/** Every client of the enterprise in the list's default order, for the export. */
export async function allClients(db: Db, enterpriseId: number) {
  const rows = await db
    .select()
    .from(clients)
    .where(eq(clients.enterprise_id, enterpriseId))
    .orderBy(asc(ORDER_COLUMNS.name_razon_social), asc(clients.id));
  return rows.map(toClientResponse);
}

/** Replaces the enterprise's last client import report. */
export async function saveClientsImportReport(
  db: Db,
  enterpriseId: number,
  report: { file_name: string; created: number; rejected: number; rows: ImportReportRow[] },
) {
  const values = {
    file_name: report.file_name,
    created_count: report.created,
    rejected_count: report.rejected,
    rows: report.rows,
    created_at: new Date(),
  };
  const [row] = await db
    .insert(importReports)
    .values({ enterprise_id: enterpriseId, kind: 'clients', ...values })
    .onConflictDoUpdate({ target: [importReports.enterprise_id, importReports.kind], set: values })
    .returning();
  if (!row) throw new Error('saveClientsImportReport returned no row');
  return toImportReport(row);
}

export async function findClientsImportReport(db: Db, enterpriseId: number) {
  const [row] = await db
    .select()
    .from(importReports)
    .where(and(eq(importReports.enterprise_id, enterpriseId), eq(importReports.kind, 'clients')));
  return row ? toImportReport(row) : null;
}

export function toImportReport(row: typeof importReports.$inferSelect): ImportReport {
  return {
    file_name: row.file_name,
    created_at: row.created_at.toISOString(),
    created: row.created_count,
    rejected: row.rejected_count,
    rows: row.rows,
  };
}
