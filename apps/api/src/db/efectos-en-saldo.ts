import { sql } from 'drizzle-orm';
import { TIPOS_COMPROBANTE } from '@repo/contracts/tipos-comprobante/registro';
import type { TipoComprobante } from '@repo/contracts/tipos-comprobante/tipo-comprobante';
import type { Db } from './client.ts';

/**
 * Writes each registered type's efectoEnSaldo into efectos_en_saldo (migration 0032), which the
 * generic balance trigger reads: a document of a kind that 'reduce' lowers the invoices it relates
 * by its rows of saldos_reducciones. Run at every start after the migrations, so the registry is
 * the only place a type declares it (decision 012); one statement, changing only what differs.
 */
export async function registrarEfectosEnSaldo(
  db: Db,
  tipos: readonly TipoComprobante[] = TIPOS_COMPROBANTE,
): Promise<void> {
  if (tipos.length === 0) return;
  const filas = sql.join(
    tipos.map((t) => sql`(${t.serie.kind}, ${t.efectoEnSaldo})`),
    sql`, `,
  );
  await db.execute(sql`
    insert into efectos_en_saldo as e (serie_kind, efecto) values ${filas}
    on conflict (serie_kind) do update set efecto = excluded.efecto
     where e.efecto is distinct from excluded.efecto`);
}
