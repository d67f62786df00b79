import { and, eq, sql } from 'drizzle-orm';
import type { ImportReport } from '@repo/contracts/clients';
import type { Db } from '../../db/client.ts';
import { importReports, type ImportReportRow } from '../../db/schema/import-reports.ts';
import { rubrosImpuestos } from '../../db/schema/rubros-impuestos.ts';
import { toImportReport } from '../clients/clients.queries.ts';

/** One of the enterprise's tax groups, by name as the user types it (case and outer spaces ignored). */
export async function findRubroByName(db: Db, enterpriseId: number, name: string) {
  const [row] = await db
    .select({ id: rubrosImpuestos.id })
    .from(rubrosImpuestos)
    .where(
      and(
        eq(rubrosImpuestos.enterprise_id, enterpriseId),
        sql`lower(trim(${rubrosImpuestos.name})) = lower(trim(${name}))`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Replaces the enterprise's last products/services import report. */
export async function saveProductsImportReport(
  db: Db,
  enterpriseId: number,
  report: { file_name: string; created: number; rejected: number; rows: ImportReportRow[] },
): Promise<ImportReport> {
  const values = {
    file_name: report.file_name,
    created_count: report.created,
    rejected_count: report.rejected,
    rows: report.rows,
    created_at: new Date(),
  };
  const [row] = await db
    .insert(importReports)
    .values({ enterprise_id: enterpriseId, kind: 'products-services', ...values })
    .onConflictDoUpdate({ target: [importReports.enterprise_id, importReports.kind], set: values })
    .returning();
  if (!row) throw new Error('saveProductsImportReport returned no row');
  return toImportReport(row);
}

export async function findProductsImportReport(db: Db, enterpriseId: number) {
  const [row] = await db
    .select()
    .from(importReports)
    .where(
      and(
        eq(importReports.enterprise_id, enterpriseId),
        eq(importReports.kind, 'products-services'),
      ),
    );
  return row ? toImportReport(row) : null;
}
