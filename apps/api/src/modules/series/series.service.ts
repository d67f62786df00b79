import type { SerieCreateRequest, SerieUpdateRequest } from '@repo/contracts/series';
import type { Db } from '../../db/client.ts';
import type { SerieKind } from '../../db/schema/series.ts';
import { withTransaction } from '../../db/transaction.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import {
  deleteSerie as deleteSerieRow,
  findSerie,
  findSerieByName,
  insertSerie,
  serieUse,
  updateSerie as updateSerieRow,
} from './series.queries.ts';

export const SERIE_NOT_FOUND = 'La serie no existe.';
export const SERIE_EN_USO =
  'No se puede eliminar la serie porque ya tiene facturas o pre-facturas. Puede cambiar su nombre o su siguiente folio en su lugar.';
export const folioUsadoMessage = (ultimo: number, serie: string) =>
  `El siguiente folio debe ser mayor que ${String(ultimo)}, el último folio usado de la serie ${serie}.`;

function duplicateMessage(serie: string): string {
  return `Ya existe la serie ${serie} para este tipo de comprobante`;
}

async function assertUnique(
  db: Db,
  enterpriseId: number,
  kind: SerieKind,
  serie: string,
  exceptId: number | null,
): Promise<void> {
  if (await findSerieByName(db, enterpriseId, kind, serie, exceptId)) {
    throw fieldError('serie', duplicateMessage(serie));
  }
}

/** Two requests with the same letters at once: the unique index decides, the loser gets the message. */
async function onDuplicate<T>(serie: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('serie', duplicateMessage(serie));
    throw error;
  }
}

export function createSerie(db: Db, enterpriseId: number, input: SerieCreateRequest) {
  const quien = quienActua();
  return onDuplicate(input.serie, () =>
    withTransaction(db, async (tx) => {
      await assertUnique(tx, enterpriseId, input.kind, input.serie, null);
      const serie = await insertSerie(tx, enterpriseId, input);
      await registrarAuditoria(tx, enterpriseId, quien, {
        accion: 'serie_creada',
        objeto: `serie:${String(serie.id)}`,
        detalles: { tipo: input.kind, serie: input.serie, folio: input.folio },
      });
      return serie;
    }),
  );
}

/**
 * Renames the serie and, when the folio changes, restarts numbering there. The folio the user sees is
 * the next one to be used, so sending it back unchanged keeps numbering where it is.
 */
export function updateSerie(db: Db, enterpriseId: number, id: number, input: SerieUpdateRequest) {
  const quien = quienActua();
  return onDuplicate(input.serie, () =>
    withTransaction(db, async (tx) => {
      const current = await findSerie(tx, enterpriseId, id);
      if (!current) throw new AppError('NOT_FOUND', SERIE_NOT_FOUND);
      await assertUnique(tx, enterpriseId, current.kind, input.serie, id);
      const restart = input.folio !== current.folio;
      const updated = await updateSerieRow(tx, enterpriseId, id, {
        serie: input.serie,
        folio_inicial: restart ? input.folio : current.folio_inicial,
        next_folio: input.folio,
      });
      if (!updated) throw new AppError('NOT_FOUND', SERIE_NOT_FOUND);
      // Checked after the UPDATE, which holds the serie's row lock: a stamping that reserves a folio
      // waits for it, and every folio already taken is committed and seen here. A folio at or below
      // one already used would issue two documents with the same serie and folio.
      if (restart) {
        const { ultimoFolio } = await serieUse(tx, enterpriseId, id);
        if (ultimoFolio !== null && input.folio <= ultimoFolio) {
          throw fieldError('folio', folioUsadoMessage(ultimoFolio, current.serie));
        }
      }
      if (input.serie !== current.serie || input.folio !== current.folio) {
        await registrarAuditoria(tx, enterpriseId, quien, {
          accion: 'serie_cambiada',
          objeto: `serie:${String(id)}`,
          detalles: {
            tipo: current.kind,
            serie: input.serie,
            folio: input.folio,
            antes: { serie: current.serie, folio: current.folio },
          },
        });
      }
      return updated;
    }),
  );
}

/** Deletes a serie no document uses yet (a pre-invoice counts: it would stamp with that serie). */
export function deleteSerie(db: Db, enterpriseId: number, id: number): Promise<void> {
  const quien = quienActua();
  return withTransaction(db, async (tx) => {
    const serie = await findSerie(tx, enterpriseId, id);
    if (!serie) throw new AppError('NOT_FOUND', SERIE_NOT_FOUND);
    if ((await serieUse(tx, enterpriseId, id)).documentos > 0) {
      throw new AppError('CONFLICT', SERIE_EN_USO, { showToClient: true });
    }
    if (!(await deleteSerieRow(tx, enterpriseId, id))) {
      throw new AppError('NOT_FOUND', SERIE_NOT_FOUND);
    }
    await registrarAuditoria(tx, enterpriseId, quien, {
      accion: 'serie_eliminada',
      objeto: `serie:${String(id)}`,
      detalles: { tipo: serie.kind, serie: serie.serie },
    });
  });
}
