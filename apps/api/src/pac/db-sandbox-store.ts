import { eq, sql } from 'drizzle-orm';
import type { GuardadoSiNuevo, SandboxStore, TimbreGuardado } from '@repo/pac';
import type { Db } from '../db/client.ts';
import { CARRILES_COMPARTIDOS, enLote, type Resultado } from '../db/cola-en-lotes.ts';
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

  /**
   * Every stamp saved while another save of this database is out waits for the next turn, which
   * saves them all in one statement (db/cola-en-lotes.ts): under load one round trip and one commit
   * for several stamps. A turn whose stamps share a hash or a key, or whose statement fails, saves
   * each on its own, so each gets the answer it would have had alone.
   */
  guardarSiNuevo(t: TimbreGuardado, key: string): Promise<GuardadoSiNuevo> {
    return enLote(
      this.db,
      'sandbox: guardar',
      { t, key },
      (lote) => this.guardarLote(lote),
      CARRILES_COMPARTIDOS,
    );
  }

  private async guardarLote(
    lote: { t: TimbreGuardado; key: string }[],
  ): Promise<Resultado<GuardadoSiNuevo>[]> {
    const claves = lote.flatMap((e) => [e.t.hash, ...new Set([e.key, ...e.t.idempotencyKeys])]);
    if (lote.length > 1 && new Set(claves).size === claves.length) {
      const juntos = await this.guardarVarios(lote).catch(() => null);
      if (juntos) return juntos;
    }
    const resultados: Resultado<GuardadoSiNuevo>[] = [];
    for (const e of lote) {
      try {
        resultados.push({ ok: await this.guardarUno(e.t, e.key) });
      } catch (error) {
        resultados.push({ error });
      }
    }
    return resultados;
  }

  /** What `guardarUno` does, for stamps with distinct hashes and keys, in one statement. */
  private async guardarVarios(
    lote: { t: TimbreGuardado; key: string }[],
  ): Promise<Resultado<GuardadoSiNuevo>[]> {
    const rows = await consulta<{
      n: number | string;
      insertado: boolean;
      data: TimbreGuardado | null;
      porHash: boolean;
    }>(
      this.db,
      `with d as (
          select x.n, x.j->>'hash' as hash, upper(x.j->>'uuid') as uuid,
                 array(select upper(b) from jsonb_array_elements_text(x.j->'bloquea') b) as bloquea,
                 array(select k from jsonb_array_elements_text(x.j->'idempotencyKeys') k) as keys,
                 x.j as data, k.key
            from jsonb_array_elements($1::jsonb) with ordinality as x(j, n)
            join unnest($2::text[]) with ordinality as k(key, n) on k.n = x.n
        ), previos as (
          select d.n, p.data, p."porHash", p.created_at
            from d cross join lateral (
              select t.data, t.hash = d.hash as "porHash", t.created_at from sandbox_pac_timbres t
               where t.hash = d.hash or t.idempotency_keys @> array[d.key]) p
        ), nuevo as (
          insert into sandbox_pac_timbres (hash, uuid, bloquea, idempotency_keys, data)
          select hash, uuid, bloquea, keys, data from d
           where not exists (select 1 from previos p where p.n = d.n)
           order by n
          on conflict (hash) do nothing
          returning hash
        )
        select d.n, exists (select 1 from nuevo where nuevo.hash = d.hash) as insertado, p.data,
               coalesce(p."porHash", false) as "porHash"
          from d left join previos p on p.n = d.n
         order by d.n, p.created_at`,
      [JSON.stringify(lote.map((e) => e.t)), lote.map((e) => e.key)],
      'sandbox_guardar_lote',
    );
    // Written: from here each stamp has its own outcome, never a second try of the batch.
    return Promise.all(
      lote.map(async (e, i): Promise<Resultado<GuardadoSiNuevo>> => {
        const suyas = rows.filter((r) => Number(r.n) === i + 1);
        if (suyas[0]?.insertado) return { ok: { guardado: e.t } };
        const porHash = suyas.find((r) => r.porHash && r.data)?.data;
        if (porHash) return { ok: { porHash } };
        const porLlave = suyas.find((r) => r.data)?.data;
        if (porLlave) return { ok: { porLlave } };
        // A concurrent insert of the same hash won after this statement's snapshot: read it.
        const stored = await this.porHash(e.t.hash).catch(() => undefined);
        if (!stored) {
          return {
            error: new Error(`sandbox store: stamp ${e.t.hash} neither inserted nor found`),
          };
        }
        return { ok: { porHash: stored } };
      }),
    );
  }

  private async guardarUno(t: TimbreGuardado, key: string): Promise<GuardadoSiNuevo> {
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
