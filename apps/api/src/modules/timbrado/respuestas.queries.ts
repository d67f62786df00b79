import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { CARRILES_COMPARTIDOS, enLote, type Resultado } from '../../db/cola-en-lotes.ts';
import { storeTimbrado } from './timbrado.queries.ts';

/** A PAC's stamp to store: the call's record and the stamped document (timbrado.queries.ts). */
export interface Respuesta {
  enterpriseId: number;
  id: number;
  call: { code: string; message: string; raw: string; duration_ms: number };
  timbre: { xml: string; uuid: string; fecha_timbrado: string };
}

/**
 * Stores a PAC's stamp as `storeTimbrado` does (the call recorded, the document 'timbrada' unless
 * something else already stored its answer: false then). The stamps that arrive while a statement
 * of this database is storing others wait for the next one, which stores them all (at most
 * MAX_LOTE, of any enterprises): under load one statement and one commit for several stamps instead
 * of one each. When that statement fails, each is stored on its own and gets its own outcome.
 */
export function guardarRespuesta(db: Db, r: Respuesta): Promise<boolean> {
  return enLote(db, 'respuestas del PAC', r, (lote) => guardarLote(db, lote), CARRILES_COMPARTIDOS);
}

async function guardarLote(db: Db, lote: Respuesta[]): Promise<Resultado<boolean>[]> {
  if (lote.length > 1) {
    const guardados = await guardarEnUnaSentencia(db, lote).catch(() => null);
    if (guardados) return lote.map((r) => ({ ok: guardados.has(`${r.enterpriseId}:${r.id}`) }));
  }
  const resultados: Resultado<boolean>[] = [];
  for (const r of lote) {
    try {
      resultados.push({ ok: await storeTimbrado(db, r.enterpriseId, r.id, r.call, r.timbre) });
    } catch (error) {
      resultados.push({ error });
    }
  }
  return resultados;
}

/** Every stamp of the batch in one statement: the documents it set 'timbrada', as `enterprise:id`. */
async function guardarEnUnaSentencia(db: Db, lote: Respuesta[]): Promise<Set<string>> {
  const rows = await consulta<{ enterprise_id: number; id: number }>(
    db,
    `with d as (
        select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[],
                             $7::text[], $8::text[], $9::text[])
          as d(enterprise_id, id, code, message, raw, duration_ms, xml, uuid, fecha_timbrado)
      ), call as (
        insert into comprobante_pac_calls
          (enterprise_id, comprobante_id, operation, outcome, code, message, raw, duration_ms)
        select enterprise_id, id, 'timbrar', 'ok', code, message, raw, duration_ms from d
      )
      update comprobantes c
         set status = 'timbrada', xml_timbrado = d.xml, uuid = d.uuid,
             fecha_timbrado = d.fecha_timbrado, updated_at = now()
        from d
       where c.enterprise_id = d.enterprise_id and c.id = d.id and c.status = 'sellada'
      returning c.enterprise_id, c.id`,
    [
      lote.map((r) => r.enterpriseId),
      lote.map((r) => r.id),
      lote.map((r) => r.call.code),
      lote.map((r) => r.call.message),
      lote.map((r) => r.call.raw),
      lote.map((r) => r.call.duration_ms),
      lote.map((r) => r.timbre.xml),
      lote.map((r) => r.timbre.uuid),
      lote.map((r) => r.timbre.fecha_timbrado),
    ],
    'timbrado_timbres_lote',
  );
  return new Set(rows.map((r) => `${r.enterprise_id}:${r.id}`));
}
