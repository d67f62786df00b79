import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { migrate } from './migrate.ts';
import { seedEnterprise } from './seed/seed-enterprise.ts';
import { fromPostgres } from './client.ts';
import { createTokenService } from '../http/auth.ts';
import { listClients } from '../modules/clients/clients.queries.ts';
import {
  documentosDePagos,
  findFacturasPagables,
  listPagosDeFactura,
  pagadoTimbrado,
} from '../modules/complementos-pago/complementos-pago.queries.ts';
import { listPayments } from '../modules/credits/credit-payments.queries.ts';
import { listSpendings } from '../modules/credits/credit-spendings.queries.ts';
import {
  listYear,
  yearsWithGlobales,
} from '../modules/facturas-globales/facturas-globales.queries.ts';
import {
  listFacturas,
  SIN_FILTROS,
  type FacturaFilters,
} from '../modules/facturas/facturas-lista.queries.ts';
import { listPpdPending } from '../modules/facturas/ppd-pendientes.queries.ts';
import {
  buscarExportacion,
  documentosDelPeriodo,
  exportacionActiva,
} from '../modules/exportacion-zip/exportacion-zip.queries.ts';
import { pendientes, recientes, totalesPorMes } from '../modules/inicio/inicio.queries.ts';
import { listProductsServices } from '../modules/products-services/products-services-list.queries.ts';

/**
 * Every list and search of the screens that grow with an enterprise's documents (invoices and their
 * filters, PPD receivables, the home figures, clients, products, credit purchases and spendings,
 * an invoice's payments, globales) is run through the real query functions on a Db that records the
 * SQL they send; each statement's plan (EXPLAIN (FORMAT JSON), sequential scans disabled so the
 * planner shows the index it can use) must reach every per-enterprise table through an index whose
 * first column is enterprise_id with enterprise_id in the index condition: a query can then read
 * only the enterprise's rows, never scan every enterprise's.
 */

interface Captured {
  name: string;
  sql: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The one access not scoped by the enterprise: a credit purchase's invoice is a document of the
 * platform's issuing enterprise, found by its identity (comprobantes.id is unique across
 * enterprises), one row per purchase of the page.
 */
const PLATFORM_INVOICE = { relation: 'comprobantes', index: 'comprobantes_id' };

/** Per-enterprise tables: every table with an enterprise_id column. */
async function tablesWithEnterprise(client: pg.Client): Promise<Set<string>> {
  const r = await client.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'enterprise_id'`,
  );
  return new Set(r.rows.map((x) => x.table_name));
}

/** Index name → its first column. */
async function leadingColumns(client: pg.Client): Promise<Map<string, string>> {
  const r = await client.query<{ index: string; column: string }>(
    `select ic.relname as index, a.attname as column
       from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
       join pg_namespace n on n.oid = ic.relnamespace
      where n.nspname = current_schema()`,
  );
  return new Map(r.rows.map((x) => [x.index, x.column]));
}

/** Each access to a per-enterprise table that does not go through an enterprise_id index. */
function unscopedAccesses(
  node: PlanNode,
  tables: Set<string>,
  leading: Map<string, string>,
  out: string[] = [],
  relationOfBitmap?: string,
): string[] {
  const relation = node['Relation Name'] ?? relationOfBitmap;
  const type = node['Node Type'];
  if (type === 'Bitmap Heap Scan') {
    for (const child of node.Plans ?? []) unscopedAccesses(child, tables, leading, out, relation);
    return out;
  }
  if (relation && tables.has(relation)) {
    const index = node['Index Name'];
    const scoped =
      (type === 'Index Scan' || type === 'Index Only Scan' || type === 'Bitmap Index Scan') &&
      index !== undefined &&
      leading.get(index) === 'enterprise_id' &&
      /\benterprise_id\b/.test(node['Index Cond'] ?? '');
    const platformInvoice =
      relation === PLATFORM_INVOICE.relation && index === PLATFORM_INVOICE.index;
    if (!scoped && !platformInvoice) {
      out.push(
        `${type} on ${relation}${index ? ` via ${index}` : ''} (${node['Index Cond'] ?? ''})`,
      );
    }
  }
  if (type !== 'Bitmap Index Scan') {
    for (const child of node.Plans ?? []) unscopedAccesses(child, tables, leading, out);
  }
  return out;
}

describe.runIf(process.env.TEST_DATABASE_URL)('plans of the lists and searches', () => {
  const captured: Captured[] = [];
  let current = '';
  let pool: pg.Pool;
  let client: pg.Client;
  let db: Db;
  let enterpriseId: number;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const database = fromPostgres(url, 2);
    await migrate(database);
    const tokens = createTokenService('test-secret', 900, () => new Date(), 86_400);
    ({ enterpriseId } = await seedEnterprise({ db: database.db, tokens }));
    await database.close();
    pool = new pg.Pool({ connectionString: url, max: 2 });
    db = drizzle(pool, {
      logger: {
        logQuery: (sql, params) => captured.push({ name: current, sql, params }),
      },
    });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('set enable_seqscan = off');
    await runEveryList();
  });

  afterAll(async () => {
    await client?.end();
    await pool?.end();
  });

  const lists: string[] = [];
  async function run(name: string, f: () => Promise<unknown>) {
    current = name;
    lists.push(name);
    await f();
  }

  async function runEveryList() {
    const e = enterpriseId;
    const page = { number: 3, size: 30 };
    const none = SIN_FILTROS;
    const filtros: [string, Partial<FacturaFilters>][] = [
      ['no filter', {}],
      ['status', { status: 'timbrada' }],
      ['cancelled', { status: 'cancelled' }],
      ['pre-invoices', { status: 'pre_factura' }],
      ['text', { rfcName: 'garcía' }],
      ['text that can be part of a UUID', { rfcName: 'a1b2-' }],
      ['dates', { fromDate: '2026-01-01', toDate: '2026-01-31' }],
      ['series', { series: ['A', 'B'] }],
      ['PPD', { metodoPago: 'PPD' }],
      ['all', { status: 'timbrada', rfcName: 'x', fromDate: '2026-01-01', metodoPago: 'PUE' }],
    ];
    for (const [name, f] of filtros) {
      await run(`invoices: ${name}`, () => listFacturas(db, e, { ...none, ...f }, page));
    }
    const hoy = '2026-06-01';
    await run('PPD receivables', () =>
      listPpdPending(db, e, { clientId: null, fromDate: null, toDate: null, hoy }, page),
    );
    await run('PPD receivables: dates', () =>
      listPpdPending(db, e, { clientId: null, fromDate: '2026-01-01', toDate: null, hoy }, page),
    );
    await run('PPD receivables: client and dates', () =>
      listPpdPending(
        db,
        e,
        { clientId: 7, fromDate: '2026-01-01', toDate: '2026-03-01', hoy },
        page,
      ),
    );
    await run("ZIP export: the period's documents", () =>
      documentosDelPeriodo(db, e, { desde: '2026-01-01', hasta: '2026-01-31' }, 2001),
    );
    await run('ZIP export: its progress', () => buscarExportacion(db, e, 7));
    await run('ZIP export: the one in progress', () => exportacionActiva(db, e));
    await run('home: months', () => totalesPorMes(db, e, '2025-07'));
    await run('home: pending', () => pendientes(db, e));
    await run('home: latest', () => recientes(db, e, 5));
    for (const search of ['', 'garcía']) {
      for (const orderBy of ['name_razon_social', 'rfc'] as const) {
        await run(`clients: '${search}' by ${orderBy}`, () =>
          listClients(db, e, { search, orderBy, direction: 'asc', page }),
        );
      }
      await run(`products: '${search}'`, () =>
        listProductsServices(db, e, { search, orderBy: 'description', direction: 'asc', page }),
      );
    }
    await run('credit purchases', () => listPayments(db, e, page));
    await run('credit spendings', () => listSpendings(db, e, {}, page));
    await run('credit spendings: refunds', () =>
      listSpendings(db, e, { type: 'refund' }, { number: 1, size: 30 }),
    );
    await run('credit spendings: a period', () =>
      listSpendings(db, e, { from: '2026-01-01', to: '2026-02-01' }, page),
    );
    await run('credit spendings: filters', () =>
      listSpendings(
        db,
        e,
        { from: '2026-01-01', to: '2026-02-01', type: 'refund', documentType: 'I' },
        page,
      ),
    );
    await run("an invoice's payments", async () => {
      await findFacturasPagables(db, e, [5]);
      await pagadoTimbrado(db, e, [5]);
      await listPagosDeFactura(db, e, 5);
      await documentosDePagos(db, e, [6, 7]);
    });
    await run('globales: year', () => listYear(db, e, 2026));
    await run('globales: years', () => yearsWithGlobales(db, e));
  }

  it('captured the statements of every list', () => {
    const names = new Set(captured.map((c) => c.name));
    expect(lists.length).toBeGreaterThan(25);
    expect(lists.filter((l) => !names.has(l))).toEqual([]);
  });

  it('reads every per-enterprise table through an index led by enterprise_id', async () => {
    const tables = await tablesWithEnterprise(client);
    const leading = await leadingColumns(client);
    const problems: string[] = [];
    for (const c of captured) {
      const r = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${c.sql}`,
        c.params,
      );
      const plan = r.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`no plan for ${c.name}`);
      for (const p of unscopedAccesses(plan, tables, leading)) problems.push(`${c.name}: ${p}`);
    }
    expect(problems).toEqual([]);
  });
});
