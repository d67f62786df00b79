import { eq, sql } from 'drizzle-orm';
import type { GuardadoSiNuevo, SandboxStore, TimbreGuardado } from '@repo/pac';
import type { Db } from '../db/client.ts';
import { consulta } from '../db/consulta.ts';
import { sandboxPacTimbres } from '../db/schema/comprobantes.ts';

/**
 * The sandbox PAC's store on our database, so its stamps survive a restart: without it, resending a
 * sealed XML after a restart would get a second UUID. `guardarSiNoExiste` is atomic on the hash
 * (insert … on conflict do nothing returning it, else read the one stored first), as the interface requires.
 */
export class DbSandboxStore implements SandboxStore {
  constructor(private readonly db: Db) {}

  private async una(where: ReturnType<typeof eq>): Promise<TimbreGuardado | undefined> {
    const [row] = await this.db
      .select({ data: sandboxPacTimbres.data })
      .from(sandboxPacTimbres)
      .where(where);
    return row ? (row.data as TimbreGuardado) : undefined;
  }

  porHash(hash: string): Promise<TimbreGuardado | undefined> {
    return this.una(eq(sandboxPacTimbres.hash, hash));
  }

  porUuid(uuid: string): Promise<TimbreGuardado | undefined> {
    return this.una(eq(sandboxPacTimbres.uuid, uuid.toUpperCase()));
  }

  async porIdempotencyKey(key: string): Promise<TimbreGuardado | undefined> {
    const [row] = await this.db
      .select({ data: sandboxPacTimbres.data })
      .from(sandboxPacTimbres)
      // @> so the GIN index of migration 0010 answers it (= any() would scan every stamp)
      .where(sql`${sandboxPacTimbres.idempotency_keys} @> array[${key}]::text[]`)
      .orderBy(sandboxPacTimbres.created_at)
      .limit(1);
    return row ? (row.data as TimbreGuardado) : undefined;
  }

  async porHashYLlave(
    hash: string,
    key: string,
  ): Promise<{ porHash?: TimbreGuardado; porLlave?: TimbreGuardado }> {
    // One round trip (on every stamp, so straight to the driver): the stamp of this hash, and the
    // first stamp issued under this key.
    const rows = await consulta<{ data: TimbreGuardado; porHash: boolean; porLlave: boolean }>(
      this.db,
      `select data, hash = $1 as "porHash", idempotency_keys @> array[$2]::text[] as "porLlave"
         from sandbox_pac_timbres
        where hash = $1 or idempotency_keys @> array[$2]::text[]
        order by created_at`,
      [hash, key],
      'sandbox_hash_llave',
    );
    const porHash = rows.find((r) => r.porHash);
    const porLlave = rows.find((r) => r.porLlave);
    return {
      ...(porHash ? { porHash: porHash.data } : {}),
      ...(porLlave ? { porLlave: porLlave.data } : {}),
    };
  }

  async guardarSiNoExiste(t: TimbreGuardado): Promise<TimbreGuardado> {
    // Inserted: the stamp is `t` itself (its XML is not read back); else the one stored first.
    const rows = await consulta<{ hash: string }>(
      this.db,
      `insert into sandbox_pac_timbres (hash, uuid, bloquea, idempotency_keys, data)
       values ($1, $2, $3, $4, $5)
       on conflict (hash) do nothing
       returning hash`,
      [
        t.hash,
        t.uuid.toUpperCase(),
        t.bloquea.map((u) => u.toUpperCase()),
        t.idempotencyKeys,
        JSON.stringify(t),
      ],
      'sandbox_guardar',
    );
    if (rows.length) return t;
    const stored = await this.porHash(t.hash);
    if (!stored) throw new Error(`sandbox store: stamp ${t.hash} neither inserted nor found`);
    return stored;
  }

  async guardarSiNuevo(t: TimbreGuardado, key: string): Promise<GuardadoSiNuevo> {
    // One round trip on every stamp: the stamps of this hash or this key, and the insert when there
    // is none (atomic on the hash: a concurrent insert of the same hash makes this one do nothing).
    const rows = await consulta<{
      insertado: boolean;
      data: TimbreGuardado | null;
      porHash: boolean;
    }>(
      this.db,
      `with previos as (
          select data, hash = $1 as "porHash", created_at from sandbox_pac_timbres
           where hash = $1 or idempotency_keys @> array[$6]::text[]
        ), nuevo as (
          insert into sandbox_pac_timbres (hash, uuid, bloquea, idempotency_keys, data)
          select $1, $2, $3, $4, $5 where not exists (select 1 from previos)
          on conflict (hash) do nothing
          returning hash
        )
        select exists (select 1 from nuevo) as insertado, p.data, coalesce(p."porHash", false) as "porHash"
          from (select 1) as one
          left join previos p on true
         order by p.created_at`,
      [
        t.hash,
        t.uuid.toUpperCase(),
        t.bloquea.map((u) => u.toUpperCase()),
        t.idempotencyKeys,
        JSON.stringify(t),
        key,
      ],
      'sandbox_guardar_si_nuevo',
    );
    if (rows[0]?.insertado) return { guardado: t };
    const porHash = rows.find((r) => r.porHash && r.data)?.data;
    if (porHash) return { porHash };
    const porLlave = rows.find((r) => r.data)?.data;
    if (porLlave) return { porLlave };
    // A concurrent insert of the same hash won after this statement's snapshot: read it.
    const stored = await this.porHash(t.hash);
    if (!stored) throw new Error(`sandbox store: stamp ${t.hash} neither inserted nor found`);
    return { porHash: stored };
  }

  async actualizar(t: TimbreGuardado): Promise<void> {
    const actual = await this.porUuid(t.uuid);
    if (!actual) throw new Error(`UUID ${t.uuid} no existe en el sandbox.`);
    const data: TimbreGuardado = {
      ...actual,
      estado: t.estado,
      estatusCancelacion: t.estatusCancelacion,
      solicitudes: t.solicitudes,
      idempotencyKeys: t.idempotencyKeys,
    };
    await this.db
      .update(sandboxPacTimbres)
      .set({ data, idempotency_keys: t.idempotencyKeys, updated_at: new Date() })
      .where(eq(sandboxPacTimbres.uuid, t.uuid.toUpperCase()));
  }

  async relacionadosCon(uuid: string): Promise<TimbreGuardado[]> {
    const rows = await this.db
      .select({ data: sandboxPacTimbres.data })
      .from(sandboxPacTimbres)
      .where(sql`${sandboxPacTimbres.bloquea} @> array[${uuid.toUpperCase()}]::text[]`);
    return rows.map((r) => r.data as TimbreGuardado);
  }
}
