import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import type { SerieKind } from '../../db/schema/series.ts';
import { CARRILES_COMPARTIDOS, enLote, type Resultado } from '../../db/cola-en-lotes.ts';

/**
 * What a stamp reads before it seals (timbrado.service.ts): the id of the enterprise's current seal
 * (the key of the decrypted-CSD cache), the serie with its next folio as it stands and, when the
 * stamp has an idempotency key, whether a document with that key already exists (a retry: resumed).
 * Nothing is locked: the reservation checks the serie again.
 */
export interface ContextoDeTimbrado {
  sellosId: number | null;
  serie: { serie: string; folio: number; kind: SerieKind } | null;
  existeLaClave: boolean;
}

interface Pregunta {
  enterpriseId: number;
  serieId: number;
  idempotencyKey: string | null;
}

/**
 * One statement per stamp, or one for every stamp that asks while the previous one is being read
 * (db/cola-en-lotes.ts, any enterprises): under load one round trip for several stamps.
 */
export function readStampContext(
  db: Db,
  enterpriseId: number,
  serieId: number,
  idempotencyKey: string | null,
): Promise<ContextoDeTimbrado> {
  return enLote(
    db,
    'contexto de timbrado',
    { enterpriseId, serieId, idempotencyKey },
    (lote) => leerLote(db, lote),
    CARRILES_COMPARTIDOS,
  );
}

type Fila = {
  n: number | string;
  sellos_id: number | null;
  serie: string | null;
  folio: number | null;
  kind: SerieKind | null;
  previo: boolean;
};

async function leerLote(db: Db, lote: Pregunta[]): Promise<Resultado<ContextoDeTimbrado>[]> {
  try {
    const filas = await consulta<Fila>(
      db,
      `select d.n,
              (select id from sellos_fiscales where enterprise_id = d.e
                order by id desc limit 1) as sellos_id,
              s.serie, s.next_folio as folio, s.kind,
              exists (select 1 from comprobantes
                       where enterprise_id = d.e and idempotency_key = d.k) as previo
         from unnest($1::int[], $2::int[], $3::text[]) with ordinality as d(e, s, k, n)
         left join series s on s.enterprise_id = d.e and s.id = d.s`,
      [
        lote.map((p) => p.enterpriseId),
        lote.map((p) => p.serieId),
        lote.map((p) => p.idempotencyKey),
      ],
      'timbrado_contexto_lote',
    );
    const porN = new Map(filas.map((f) => [Number(f.n), f]));
    return lote.map((_, i) => {
      const row = porN.get(i + 1);
      if (!row) return { error: new Error('readStampContext: no row for a stamp') };
      return {
        ok: {
          sellosId: row.sellos_id == null ? null : Number(row.sellos_id),
          serie:
            row.serie !== null && row.folio !== null && row.kind !== null
              ? { serie: row.serie, folio: Number(row.folio), kind: row.kind }
              : null,
          existeLaClave: row.previo === true,
        },
      };
    });
  } catch (error) {
    return lote.map(() => ({ error }));
  }
}
