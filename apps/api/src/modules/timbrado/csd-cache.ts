import type { Db } from '../../db/client.ts';
import { loadSellosForSigning } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { findCurrentSellosId } from './timbrado.queries.ts';

export type CsdParaFirmar = Awaited<ReturnType<typeof loadSellosForSigning>>;

interface Entrada {
  sellosId: number;
  secret: string;
  csd: CsdParaFirmar;
}

/** Enterprises whose decrypted CSD this process keeps per database (least recently used dropped first). */
const MAXIMO = 1000;
/**
 * Per database handle: an enterprise id (and a seal id) names another enterprise in another
 * database, and one process may open several (tests, the stamping bench on PGlite then PostgreSQL):
 * keyed by the id alone, a stamp was sealed with another database's enterprise's CSD.
 */
const caches = new WeakMap<object, Map<number, Entrada>>();
function cacheDe(db: Db): Map<number, Entrada> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * The enterprise's CSD ready to sign, decrypted once per process and seal: opening the encrypted
 * PKCS#8 key (PBKDF2) and the AES-GCM boxes on every stamp cost more than the signature itself.
 * Every call still reads the id of the current seal (one indexed row), so a seal replaced by any
 * process (a new row) is used from the next stamp on; an expired certificate, a missing seal or
 * another APP_SECRET go through loadSellosForSigning, which answers their Spanish errors.
 */
export async function sellosParaFirmar(
  db: Db,
  secret: string,
  enterpriseId: number,
  instante: Date,
  /** The current seal's id when the caller already read it (readStampContext). */
  sellosIdLeido?: number | null,
): Promise<CsdParaFirmar> {
  const sellosId =
    sellosIdLeido === undefined ? await findCurrentSellosId(db, enterpriseId) : sellosIdLeido;
  const cache = cacheDe(db);
  const hit = sellosId === null ? undefined : cache.get(enterpriseId);
  if (
    hit &&
    hit.sellosId === sellosId &&
    hit.secret === secret &&
    instante.getTime() <= hit.csd.certificado.validTo.getTime()
  ) {
    cache.delete(enterpriseId);
    cache.set(enterpriseId, hit);
    return hit.csd;
  }
  cache.delete(enterpriseId);
  const csd = await loadSellosForSigning(db, secret, enterpriseId, instante);
  // Keep it only when the seal did not change while it was being read.
  if (sellosId !== null && (await findCurrentSellosId(db, enterpriseId)) === sellosId) {
    cache.set(enterpriseId, { sellosId, secret, csd });
    if (cache.size > MAXIMO) {
      const masViejo = cache.keys().next().value;
      if (masViejo !== undefined) cache.delete(masViejo);
    }
  }
  return csd;
}
