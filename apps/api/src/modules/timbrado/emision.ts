import { randomUUID } from 'node:crypto';
import type { Comprobante } from '@repo/cfdi/xml';
import { SELLOS_EXPIRADOS_MESSAGE } from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria, type Quien } from '../auditoria/auditoria.ts';
import { findCurrentSellos } from '../sellos-fiscales/sellos-fiscales.queries.ts';
import { countRechazadasConPrefijo, type ComprobanteRow } from './timbrado.queries.ts';
import { completarSustitucion, comoSustituto, originalSustituible } from './sustitucion.service.ts';
import {
  claveIdempotencia,
  reenviarComprobante,
  timbrarComprobante,
  type ContextoComprobante,
  type TimbradoDeps,
} from './timbrado.service.ts';

/**
 * The one life of every document type (docs/decisions/007-one-lifecycle-document-types.md):
 *
 *   draft → local validation → credit and folio reserved → sealed → PAC → stamped | rejected
 *
 * written once here; a document type (factura de ingreso, complemento de pago, factura global…) is
 * a `TipoDocumento` plug-in: how its draft becomes master data (`cargarContexto`), its local rules
 * (`validar`), its engine builder (`construir`) and its draft table (`guardarDraft`). Cancelling,
 * PDF, XML, e-mail and share work on the stored comprobante whatever its type (cancelacion.service,
 * modules/comprobantes).
 */
export interface TipoDocumento<Draft, Ctx extends { serie: { id: number } }> {
  /** Prefix of the idempotency keys of this type (`factura`, `pago`…). */
  clave: string;
  /**
   * The form's field of a rule's path in the CFDI, for the stamping step's local validation (the
   * loaded context and the draft at hand when the field depends on them).
   */
  campoDe?: (field: string, ctx: Ctx, draft: Draft) => string;
  /**
   * The master data the draft names (emisor, receptor, serie…). Throws an AppError with the Spanish
   * reason when the draft cannot be built; nothing has changed then.
   */
  cargarContexto: (enterpriseId: number, draft: Draft, opciones?: OpcionesEmision) => Promise<Ctx>;
  /**
   * Every local rule at the stamping instant (date, amounts, catalogs, the type's own rules), on
   * the document as it would be built with the serie's next folio. Throws an AppError (nothing
   * changes) or answers the validated preview (its Receptor feeds `guardarDraft`).
   */
  validar: (ctx: Ctx, draft: Draft, instante: Date) => Promise<Comprobante> | Comprobante;
  /** The engine builder: the CFDI for the reserved serie, folio and instant. Pure. */
  construir: (ctx: Ctx, draft: Draft, sf: ContextoComprobante) => Comprobante;
  /** Stores the draft beside the sealed comprobante, in the sealing transaction (once). */
  guardarDraft: (
    tx: Db,
    enterpriseId: number,
    sellado: ComprobanteRow,
    draft: Draft,
    previa: Comprobante,
    ctx: Ctx,
  ) => Promise<void>;
  /**
   * Inside the reservation, before sealing: lock and re-check what the document depends on; throw
   * to refuse (everything rolls back), or answer true when it updated `ctx` and the document must
   * be built again (a payment whose invoice balance moved since it was validated).
   */
  verificarEnLaReserva?: (
    tx: Db,
    enterpriseId: number,
    ctx: Ctx,
    draft: Draft,
    opciones?: OpcionesEmision,
  ) => Promise<boolean | void>;
  /**
   * A sealed comprobante of this type with exactly this draft whose PAC answer never arrived: the
   * same form sent again resends it instead of sealing a second document.
   */
  buscarSelladoIgual?: (enterpriseId: number, draft: Draft) => Promise<{ id: number } | null>;
  /**
   * The enterprise's current seal as `cargarContexto` already read it (null: none), so that the
   * stamp does not read it again; absent: the lifecycle reads it.
   */
  sellosDelContexto?: (ctx: Ctx) => { expiration_date: Date } | null;
}

/**
 * How a document is issued. `sustituye`: it replaces that stamped comprobante of the same type
 * (sustitucion.service.ts): the type must not count the original against it (the period of the
 * global invoice it replaces, the balance the payment it replaces took).
 */
export interface OpcionesEmision {
  sustituye?: { id: number } | null;
}

/** Where a stamp comes from: a saved draft (pre-factura) or a form with the client's key. */
export type OrigenEmision =
  | { borrador: { prefijo: string }; idempotencyKey?: undefined }
  | { borrador?: undefined; idempotencyKey: string | null };

export const SIN_SELLOS_TIMBRAR = 'Registre sus sellos digitales (CSD) antes de timbrar.';

/** Spec section 5: expired (or missing) seals block stamping before anything else happens. */
export async function exigirSellosVigentes(
  db: Db,
  enterpriseId: number,
  instante: Date,
  /** The current seal when the caller has just read it (null: none). */
  leidos?: { expiration_date: Date } | null,
) {
  const sellos = leidos !== undefined ? leidos : await findCurrentSellos(db, enterpriseId);
  if (!sellos) throw new AppError('BAD_REQUEST', SIN_SELLOS_TIMBRAR, { persistent: true });
  if (instante.getTime() > sellos.expiration_date.getTime()) {
    throw new AppError('BAD_REQUEST', SELLOS_EXPIRADOS_MESSAGE, { persistent: true });
  }
}

/**
 * Stamps a draft of any type: its local rules first (seals, then the type's rules), then the
 * stamping service (credit and folio reserved, sealed with the draft stored beside it, sent to the
 * PAC). The idempotency key of a saved draft's attempt is `<prefijo><n>`, stable until the PAC
 * rejects one: two clicks make one document, and a sealed attempt whose PAC answer was lost is
 * resent as is, never sealed twice. A form without a key that matches a sealed, unanswered
 * document resends that one.
 */
export async function emitirDocumento<Draft, Ctx extends { serie: { id: number } }>(
  deps: TimbradoDeps,
  tipo: TipoDocumento<Draft, Ctx>,
  enterpriseId: number,
  draft: Draft,
  origen: OrigenEmision,
  opciones: OpcionesEmision = {},
): Promise<ComprobanteRow> {
  if (!opciones.sustituye) return emitir(deps, tipo, enterpriseId, draft, origen, opciones);
  // "Sustituir": the substitute through the same life, then the original's cancellation (01).
  const original = await originalSustituible(deps, enterpriseId, opciones.sustituye.id);
  const row = await emitir(
    deps,
    comoSustituto(deps, tipo, original),
    enterpriseId,
    draft,
    origen,
    opciones,
  );
  if (row.status === 'timbrada') await completarSustitucion(deps, enterpriseId, row.id);
  return row;
}

async function emitir<Draft, Ctx extends { serie: { id: number } }>(
  deps: TimbradoDeps,
  tipo: TipoDocumento<Draft, Ctx>,
  enterpriseId: number,
  draft: Draft,
  origen: OrigenEmision,
  opciones: OpcionesEmision,
): Promise<ComprobanteRow> {
  // Read now: the sealing transaction may run in another request's batch (sellado.ts).
  const quien = quienActua();
  const ctx = await tipo.cargarContexto(enterpriseId, draft, opciones);
  const instante = deps.now();
  await exigirSellosVigentes(deps.db, enterpriseId, instante, tipo.sellosDelContexto?.(ctx));
  const previa = await tipo.validar(ctx, draft, instante);

  let key: string;
  if (origen.borrador) {
    const { prefijo } = origen.borrador;
    const intento = await countRechazadasConPrefijo(
      deps.db,
      enterpriseId,
      claveIdempotencia(enterpriseId, prefijo),
    );
    key = `${prefijo}${intento}`;
  } else {
    key = `${tipo.clave}:${origen.idempotencyKey ?? randomUUID()}`;
  }
  // The same form sent again after "El PAC no respondió": resend that sealed document as is.
  const pendiente =
    !origen.borrador && origen.idempotencyKey === null && tipo.buscarSelladoIgual
      ? await tipo.buscarSelladoIgual(enterpriseId, draft)
      : null;
  if (pendiente) return reenviarComprobante(deps, { enterpriseId, comprobanteId: pendiente.id });
  return timbrarComprobante(deps, {
    enterpriseId,
    serieId: ctx.serie.id,
    idempotencyKey: key,
    buildComprobante: (sf) => tipo.construir(ctx, draft, sf),
    ...(tipo.campoDe ? { campoDe: (f: string) => tipo.campoDe!(f, ctx, draft) } : {}),
    enLaReserva: {
      ...(tipo.verificarEnLaReserva
        ? {
            antes: async (tx: Db) =>
              (await tipo.verificarEnLaReserva?.(tx, enterpriseId, ctx, draft, opciones)) === true,
          }
        : {}),
      despues: async (tx, sellado) => {
        await tipo.guardarDraft(tx, enterpriseId, sellado, draft, previa, ctx);
        await auditarSellado(tx, quien, sellado, opciones);
      },
    },
  });
}

/**
 * The log's record of a stamp (and of the substitution it makes), in the sealing transaction: the
 * credit and the folio it takes commit with it. A PAC's rejection is recorded apart (envio-pac.ts).
 */
async function auditarSellado(
  tx: Db,
  quien: Quien,
  sellado: ComprobanteRow,
  opciones: OpcionesEmision,
): Promise<void> {
  const documento = { tipo: sellado.tipo, serie: sellado.serie, folio: sellado.folio };
  await registrarAuditoria(tx, sellado.enterprise_id, quien, {
    accion: 'timbrado',
    comprobanteId: sellado.id,
    detalles: documento,
  });
  if (opciones.sustituye) {
    await registrarAuditoria(tx, sellado.enterprise_id, quien, {
      accion: 'sustitucion',
      comprobanteId: opciones.sustituye.id,
      detalles: { ...documento, sustituto_id: sellado.id },
    });
  }
}
