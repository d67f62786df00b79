import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeQueryModule, scanQueryModules } from '../test/query-scan.ts';
import { openTestDatabase } from '../test/test-db.ts';
import type { Database } from './client.ts';
import { rowsOf } from './migrate.ts';

// The schema stays ready for a PostgreSQL sharded by enterprise_id (Citus; docs/citus.md): every
// table of an enterprise's data carries enterprise_id, its keys and unique indexes include it, its
// foreign keys to other tenant tables go through it, and the query modules filter by it. Each
// exception is listed here with the reason, and docs/citus.md says what it would take under Citus.

/** Tables without enterprise_id, with what each would be under Citus. */
const GLOBAL_TABLES: Record<string, string> = {
  // Reference tables (a copy on every node: tenant tables may join them and point at them).
  enterprises:
    'reference: the tenants themselves (their id is every tenant row’s enterprise_id); RFC unique across them',
  users: 'reference: a user may belong to several enterprises; e-mail unique across all',
  subscription_plans: 'reference: the platform’s credit packages',
  promotional_codes: 'reference: the platform’s codes (their per-enterprise uses are tenant rows)',
  efectos_en_saldo:
    'reference: the balance effect each registered document type declares (written from the registry at start)',
  // Coordinator tables: the platform's own bookkeeping, never joined with tenant rows.
  schema_migrations: 'coordinator: the migrations applied',
  revoked_tokens: 'coordinator: signed-out token ids, checked by id',
  password_reset_tokens: 'coordinator: a user’s reset links (a user is not a tenant)',
  email_verification_tokens: 'coordinator: a user’s e-mail confirmations',
  login_failures: 'coordinator: sign-in throttling per account and address',
  login_throttle: 'coordinator: sign-in throttling per account and address',
  rate_limit_counters: 'coordinator: per-IP rate limits of every process',
  payment_webhook_events:
    'coordinator: the gateway’s event ids already handled (the gateway names no enterprise)',
  sandbox_checkout_sessions:
    'coordinator: the built-in test card gateway’s state (no production data)',
  sandbox_pac_timbres: 'coordinator: the sandbox PAC’s stamps by hash (no production data)',
};

/** Unique indexes of tenant tables without enterprise_id: each needs a change before Citus (docs/citus.md). */
const UNIQUE_WITHOUT_ENTERPRISE: Record<string, string> = {
  'comprobantes.comprobantes_uuid_unique':
    'a UUID is unique across the SAT; under Citus (enterprise_id, uuid)',
  'new_client_tokens.new_client_tokens_pkey':
    'a public link’s token is looked up alone; under Citus the token carries its enterprise as share links do',
  'portales.portales_slug_key':
    'a public portal’s address is looked up alone; under Citus the slug carries its enterprise as share links do',
  'user_credit_payments.user_credit_payments_session':
    'the gateway’s webhook names the session only; under Citus the enterprise travels in the session’s metadata',
};

/** Exported query functions on tenant tables not scoped to one enterprise, each on purpose. */
const CROSS_TENANT_QUERIES: Record<string, string> = {
  'modules/credits/credit-payments.queries.ts#lockPaymentBySession':
    'a gateway webhook names the checkout session only (see user_credit_payments_session above)',
  'modules/credits/credit-payments.queries.ts#insertPayment':
    'inserts one row whose values carry its enterprise_id (a required column of the insert type)',
  'modules/enterprises/enterprises.queries.ts#insertEnterpriseForUser':
    'creates the enterprise: its id is made by this insert',
  'modules/exportacion-zip/exportacion-zip.queries.ts#borrarExportacionesAntiguas':
    'the cleanup job deletes every enterprise’s day-old exports (a multi-shard delete)',
  'modules/new-client/new-client.queries.ts#findNewClientByTokenHash':
    'a public link’s token before anyone is signed in (see new_client_tokens_pkey above)',
  'modules/recibos/recibos.queries.ts#buscarPortalPorSlug':
    'a public portal’s address before anyone is signed in (see portales_slug_key above)',
  'modules/users/users.queries.ts#listUserEnterprises':
    'the enterprises of a signed-in user: by user across enterprises',
};

let database: Database;
let tenantTables: Set<string>;

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(text));
}

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await query<{ table_name: string }>(sql`
    select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'enterprise_id'`);
  tenantTables = new Set(rows.map((r) => r.table_name));
});
afterAll(async () => {
  await database.close();
});

describe('the schema, ready to be sharded by enterprise_id', () => {
  it('every table carries enterprise_id (not null), or is a global table of the list', async () => {
    const tables = await query<{ table_name: string }>(sql`
      select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const missing = tables
      .map((t) => t.table_name)
      .filter((t) => !tenantTables.has(t) && !(t in GLOBAL_TABLES));
    expect(missing, 'tables without enterprise_id: add the column, or list them above').toEqual([]);
    for (const name of Object.keys(GLOBAL_TABLES)) {
      expect(
        tables.map((t) => t.table_name),
        `${name} of the list exists`,
      ).toContain(name);
      expect(tenantTables.has(name), `${name} is listed as global but has enterprise_id`).toBe(
        false,
      );
    }
    const nullable = await query<{ table_name: string }>(sql`
      select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'enterprise_id' and is_nullable = 'YES'`);
    expect(nullable.map((r) => r.table_name)).toEqual([]);
  });

  it('every primary key and unique index of a tenant table includes enterprise_id', async () => {
    const uniques = await query<{
      table_name: string;
      index_name: string;
      has_enterprise: boolean;
    }>(sql`
      select t.relname as table_name, ix.relname as index_name,
             exists (select 1 from pg_attribute a
                      where a.attrelid = t.oid and a.attname = 'enterprise_id'
                        and a.attnum = any (i.indkey::int2[])) as has_enterprise
        from pg_index i
        join pg_class t on t.oid = i.indrelid
        join pg_class ix on ix.oid = i.indexrelid
        join pg_namespace n on n.oid = t.relnamespace
       where i.indisunique and n.nspname = 'public'`);
    const without = uniques
      .filter((u) => tenantTables.has(u.table_name) && !u.has_enterprise)
      .map((u) => `${u.table_name}.${u.index_name}`)
      .sort();
    expect(without).toEqual(Object.keys(UNIQUE_WITHOUT_ENTERPRISE).sort());
  });

  it('foreign keys between tenant tables go through enterprise_id; no global table points at one', async () => {
    const fks = await query<{
      name: string;
      source: string;
      target: string;
      cols: string;
      refcols: string;
    }>(sql`
      select c.conname as name, s.relname as source, t.relname as target,
             (select string_agg(a.attname, ',' order by k.i) from unnest(c.conkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as cols,
             (select string_agg(a.attname, ',' order by k.i) from unnest(c.confkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as refcols
        from pg_constraint c
        join pg_class s on s.oid = c.conrelid
        join pg_class t on t.oid = c.confrelid
        join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`);
    const wrong: string[] = [];
    for (const fk of fks) {
      const cols = fk.cols.split(',');
      const refcols = fk.refcols.split(',');
      if (tenantTables.has(fk.source) && tenantTables.has(fk.target)) {
        // Colocated: the rows it joins live on the same shard.
        if (cols[0] !== 'enterprise_id' || refcols[0] !== 'enterprise_id') wrong.push(fk.name);
      } else if (tenantTables.has(fk.source) && fk.target === 'enterprises') {
        if (fk.cols !== 'enterprise_id' || fk.refcols !== 'id') wrong.push(fk.name);
      } else if (!tenantTables.has(fk.source) && tenantTables.has(fk.target)) {
        // A reference table cannot point at a distributed one.
        wrong.push(fk.name);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every query module’s function on a tenant table is scoped to one enterprise, or listed', async () => {
    const functions = await scanQueryModules();
    expect(functions.length).toBeGreaterThan(100);
    const unscoped = functions
      .filter((f) => !f.scopedToEnterprise && f.tables.some((t) => tenantTables.has(t)))
      .map((f) => `${f.file}#${f.name}`)
      .sort();
    expect(unscoped, 'filter by enterprise_id, or list the function with its reason').toEqual(
      Object.keys(CROSS_TENANT_QUERIES).sort(),
    );
  });

  it('the scan sees a query on a tenant table that forgets the enterprise', () => {
    const schema = new Map([['clients', 'clients']]);
    const [forgets, scoped, raw] = analyzeQueryModule(
      'modules/x/x.queries.ts',
      `import { clients } from '../../db/schema/clients.ts';
       export async function findClientByRfc(db: Db, rfc: string) {
         return db.select().from(clients).where(eq(clients.rfc, rfc));
       }
       export async function findClient(db: Db, enterpriseId: number, id: number) {
         return db.select().from(clients).where(and(eq(clients.enterprise_id, enterpriseId), eq(clients.id, id)));
       }
       export const borrar = (db: Db, id: number) => db.execute(sql\`delete from clients where id = \${id}\`);`,
      schema,
    );
    expect(forgets).toMatchObject({
      name: 'findClientByRfc',
      tables: ['clients'],
      scopedToEnterprise: false,
    });
    expect(scoped).toMatchObject({
      name: 'findClient',
      tables: ['clients'],
      scopedToEnterprise: true,
    });
    expect(raw).toMatchObject({ name: 'borrar', tables: ['clients'], scopedToEnterprise: false });
  });
});
