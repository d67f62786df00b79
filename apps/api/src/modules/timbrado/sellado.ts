import type { Comprobante } from '@repo/cfdi/xml';
import { medir } from '@repo/cfdi/fases';
import { sellarComprobanteEnHilo } from '@repo/cfdi/sello';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { enterpriseExists } from '../credits/credits.queries.ts';
import { CREDITOS_INSUFICIENTES } from '../credits/credits.service.ts';
import type { CsdParaFirmar } from './csd-cache.ts';
import { referenciaCredito } from './envio-pac.ts';
import { enLote, type Resultado } from '../../db/cola-en-lotes.ts';
import { reservarYGuardarLote, type DocumentoDelLote } from './reserva-lote.queries.ts';
import {
  insertComprobanteSellado,
  reservarYGuardarSellado,
  reserveCreditAndFolio,
  type ValoresSellado,
} from './reserva.queries.ts';
import type { ComprobanteRow } from './timbrado.queries.ts';
import type { ContextoComprobante, TimbrarComprobanteInput } from './timbrado.service.ts';

/**
 * Step 1 of a stamp (timbrado.service.ts): one credit and the serie's next folio reserved, the
 * document sealed for that folio and stored as 'sellada', all of it or nothing.
 *
 * The usual way is ONE statement (reserva.queries.ts `reservarYGuardarSellado`): the document is
 * sealed beforehand for the folio the serie is expected to give, and the statement takes the credit
 * and the folio only when the serie gives exactly that one. Stamps of one serie in this process go
 * through the serie's queue one batch after another (db/cola-en-lotes.ts), each expecting the folio
 * after the last one taken, so the expectation holds unless another process or a change of the
 * serie moved it; then the statement writes nothing and answers the serie's folio as it stands, and
 * the stamp tries once more with it. When that fails too, the stamp reserves first and seals after,
 * inside a transaction that keeps the serie locked (`sellarTrasReservar`, always right, slower
 * under contention). Stamps that wait together (under load) go as a batch: sealed for consecutive
 * folios and stored in one statement (reserva-lote.queries.ts), all or nothing; when the batch
 * writes nothing, each goes on its own as above (docs/decisions/011).
 *
 * A document type's `enLaReserva.antes` (lock and re-check what the document depends on) runs in
 * the transaction before the reservation, and `despues` (store the type's draft) after the insert,
 * so both ways lock in the same order: the type's rows, then the balance, then the serie.
 */

export interface Sellar {
  enterpriseId: number;
  input: TimbrarComprobanteInput;
  idempotencyKey: string;
  instante: Date;
  csd: CsdParaFirmar;
  /** The document validated before any lock, built for `provisional`. */
  borrador: Comprobante;
  provisional: ContextoComprobante;
  reenvioSiguiente: Date;
  /** Made with a test API key: stamped, resent and cancelled through the sandbox PAC. */
  pruebas: boolean;
  /**
   * Set once a type's `antes` answered that the document must be built again: it may have updated
   * the type's context in a transaction rolled back since, and answer false the next time.
   */
  construirDeNuevo?: boolean;
}

type Folio = { serie: string; folio: number };

/** Per serie of this process: the folio the next stamp expects. */
const esperado = new Map<string, Folio>();

const OTRO_FOLIO = new Error('otro folio');

export async function sellarConReserva(db: Db, s: Sellar): Promise<ComprobanteRow> {
  const llave = `serie ${s.enterpriseId}:${s.input.serieId}`;
  const row = await enLote(db, llave, s, (lote) => sellarLote(db, llave, lote));
  return row ?? sellarTrasReservar(db, s);
}

/**
 * A batch of the serie's queue (db/cola-en-lotes.ts): several stamps in one statement; when that
 * writes nothing or fails (too few credits for all of them, another folio, one document's own
 * refusal), or for a single stamp, each one on its own, in arrival order, so that each gets its
 * own outcome. Null: the stamp must reserve first and seal after (sellarTrasReservar).
 */
async function sellarLote(
  db: Db,
  llave: string,
  lote: Sellar[],
): Promise<Resultado<ComprobanteRow | null>[]> {
  // A type's `antes` re-checks what its document depends on against what the stamps before it
  // stored (a payment against its invoice's balance, which the payment before it lowers in its
  // `despues`): in a batch every `antes` would run before any `despues`, so such stamps go alone.
  if (lote.length > 1 && !lote.some((s) => s.input.enLaReserva?.antes)) {
    const rows = await loteEnUnaSentencia(db, llave, lote).catch(() => null);
    if (rows) return rows.map((ok) => ({ ok }));
    esperado.delete(llave);
  }
  const resultados: Resultado<ComprobanteRow | null>[] = [];
  for (const s of lote) {
    try {
      resultados.push({ ok: await unoEnLaCola(db, llave, s) });
    } catch (error) {
      resultados.push({ error });
    }
  }
  return resultados;
}

/** One stamp: sealed for the expected folio, and once more for the serie's folio as it stands. */
async function unoEnLaCola(db: Db, llave: string, s: Sellar): Promise<ComprobanteRow | null> {
  let folio: Folio = esperado.get(llave) ?? s.provisional;
  for (let intento = 0; intento < 2; intento++) {
    let r: ComprobanteRow | { siguiente: Folio | null };
    try {
      r = await intentoEnUnaSentencia(db, s, folio);
    } catch (err) {
      esperado.delete(llave);
      throw err;
    }
    if ('id' in r) {
      esperado.set(llave, { serie: r.serie ?? folio.serie, folio: (r.folio ?? folio.folio) + 1 });
      return r;
    }
    esperado.delete(llave);
    if (!r.siguiente) break;
    folio = r.siguiente;
  }
  return null;
}

/**
 * Every stamp of the batch sealed for the consecutive folios from the expected one, then all of
 * them stored in one statement (reservarYGuardarLote); in one transaction with each `despues` when
 * the type stores a draft, so that a failure of any of them rolls the whole batch back. Null when
 * nothing was written.
 */
async function loteEnUnaSentencia(
  db: Db,
  llave: string,
  lote: Sellar[],
): Promise<ComprobanteRow[] | null> {
  const [primero] = lote as [Sellar, ...Sellar[]];
  const desde: Folio = esperado.get(llave) ?? primero.provisional;
  // Signed side by side on libuv's thread pool (sellarComprobanteEnHilo).
  const documentos = await Promise.all(
    lote.map(async (s, i): Promise<DocumentoDelLote> => {
      const folio = { serie: desde.serie, folio: desde.folio + i };
      const comprobante = documentoPara(s, folio, false);
      const xml = await sellarComprobanteEnHilo(comprobante, s.csd);
      return {
        ...valores(s, comprobante, xml, folio),
        referencia: referenciaCredito(s.idempotencyKey),
      };
    }),
  );
  const guardar = async (q: Db) => {
    const rows = await reservarYGuardarLote(
      q,
      primero.enterpriseId,
      primero.input.serieId,
      desde,
      documentos,
    );
    if (!rows) return null;
    for (const [i, s] of lote.entries())
      await s.input.enLaReserva?.despues?.(q, rows[i] as ComprobanteRow);
    return rows;
  };
  // A type's `despues` (its draft stored with the document) shares the statement's transaction.
  const rows = lote.some((s) => s.input.enLaReserva?.despues)
    ? await withTransaction(db, guardar)
    : await guardar(db);
  if (!rows) return null;
  const ultimo = rows[rows.length - 1] as ComprobanteRow;
  esperado.set(llave, { serie: ultimo.serie ?? desde.serie, folio: (ultimo.folio ?? 0) + 1 });
  return rows;
}

/** The document for a folio: the validated one when it is that folio, else built again. */
function documentoPara(s: Sellar, folio: Folio, cambio: boolean): Comprobante {
  if (cambio) s.construirDeNuevo = true;
  return !s.construirDeNuevo &&
    folio.serie === s.provisional.serie &&
    folio.folio === s.provisional.folio
    ? s.borrador
    : medir('api.documento', () =>
        s.input.buildComprobante({ serie: folio.serie, folio: folio.folio, fecha: s.instante }),
      );
}

function valores(s: Sellar, c: Comprobante, xml: string, folio: Folio) {
  return {
    tipo: c.TipoDeComprobante,
    serie_id: s.input.serieId,
    serie: folio.serie,
    folio: folio.folio,
    fecha: c.Fecha,
    rfc_emisor: c.Emisor.Rfc,
    rfc_receptor: c.Receptor.Rfc,
    total: c.Total,
    xml_sellado: xml,
    idempotency_key: s.idempotencyKey,
    reenvio_siguiente: s.reenvioSiguiente,
    pruebas: s.pruebas,
  } satisfies Omit<ValoresSellado, 'serie_kind'>;
}

async function sinCredito(db: Db, enterpriseId: number): Promise<never> {
  if (!(await enterpriseExists(db, enterpriseId))) {
    throw new AppError('NOT_FOUND', 'La empresa no existe.');
  }
  throw new AppError('PAYMENT_REQUIRED', CREDITOS_INSUFICIENTES, {
    persistent: true,
    showToClient: true,
  });
}

/**
 * Sealed for `folio`, then credit, folio and document in one statement; inside a transaction only
 * when the document type has work of its own there. Answers the serie's folio as it stands when
 * the serie gives another one (nothing written).
 */
async function intentoEnUnaSentencia(
  db: Db,
  s: Sellar,
  folio: Folio,
): Promise<ComprobanteRow | { siguiente: Folio | null }> {
  const hooks = s.input.enLaReserva;
  const intentar = async (q: Db) => {
    const cambio = (await hooks?.antes?.(q)) === true;
    const comprobante = documentoPara(s, folio, cambio);
    const xml = await sellarComprobanteEnHilo(comprobante, s.csd);
    const r = await reservarYGuardarSellado(
      q,
      s.enterpriseId,
      valores(s, comprobante, xml, folio),
      referenciaCredito(s.idempotencyKey),
    );
    if (r.resultado === 'sin-credito') return sinCredito(q, s.enterpriseId);
    if (r.resultado === 'otro-folio') return { siguiente: r.siguiente };
    await hooks?.despues?.(q, r.row);
    return r.row;
  };
  if (!hooks?.antes && !hooks?.despues) return intentar(db);
  let otro: { siguiente: Folio | null } | null = null;
  try {
    return await withTransaction(db, async (tx) => {
      const r = await intentar(tx);
      if ('id' in r) return r;
      otro = r;
      throw OTRO_FOLIO; // rolls back what `antes` did
    });
  } catch (err) {
    if (err === OTRO_FOLIO && otro) return otro;
    throw err;
  }
}

/**
 * Reserve first, seal after: one transaction in which the reservation locks the balance and the
 * serie until commit, whatever folio the serie gives.
 */
function sellarTrasReservar(db: Db, s: Sellar): Promise<ComprobanteRow> {
  const hooks = s.input.enLaReserva;
  return withTransaction(db, async (tx) => {
    const cambio = (await hooks?.antes?.(tx)) === true;
    // One statement: one credit and the next folio, both rows locked until commit.
    const r = await reserveCreditAndFolio(
      tx,
      s.enterpriseId,
      s.input.serieId,
      referenciaCredito(s.idempotencyKey),
    );
    if (!r.spent) return sinCredito(tx, s.enterpriseId);
    const folio = r.folio;
    if (!folio) throw new AppError('NOT_FOUND', SERIE_NO_EXISTE);
    const comprobante = documentoPara(s, folio, cambio);
    const xml = await sellarComprobanteEnHilo(comprobante, s.csd);
    const row = await insertComprobanteSellado(tx, s.enterpriseId, {
      ...valores(s, comprobante, xml, folio),
      serie_kind: folio.kind,
    });
    await hooks?.despues?.(tx, row);
    return row;
  });
}

export const SERIE_NO_EXISTE = 'La serie no existe.';
