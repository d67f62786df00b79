import { createHash, randomBytes } from 'node:crypto';
import {
  COMPROBANTE_TYPE_LABEL,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  SHARE_LINK_REVOKED_MESSAGE,
  SHARE_LINK_UNKNOWN_MESSAGE,
  type CreateShareLinkResponse,
  type ShareLinkInfo,
  type ShareMethod,
  type SharedComprobanteSummary,
} from '@repo/contracts/comprobantes';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import {
  countShareLinkUse,
  findShareLinkByToken,
  insertShareLink,
  listShareLinks,
  revokeShareLink,
} from './comprobantes.queries.ts';
import { findEntregable, type ComprobantesDeps, type Entregable } from './comprobantes.service.ts';

/** Share links of a comprobante: a public URL that opens it, counted, expiring and revocable. */

/** "<enterprise id>-<64 hex>": 256 random bits; the prefix finds the tenant without a global index. */
function newToken(enterpriseId: number): string {
  return `${String(enterpriseId)}-${randomBytes(32).toString('hex')}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function shareUrl(config: AppDeps['config'], token: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/compartir/${token}`;
}

export async function createShareLink(
  deps: ComprobantesDeps,
  input: {
    enterpriseId: number;
    /** The user who shares; null when the product shares on its own (the self-invoicing portal). */
    userId: number | null;
    comprobanteId: number;
    shareMethod: ShareMethod;
  },
): Promise<CreateShareLinkResponse> {
  const e = await findEntregable(deps, input.enterpriseId, input.comprobanteId);
  const token = newToken(input.enterpriseId);
  const now = deps.now();
  const days = deps.config.SHARE_LINK_TTL_DAYS;
  const expiresAt = days > 0 ? new Date(now.getTime() + days * 24 * 3600_000) : null;
  const quien = { ...quienActua(), userId: input.userId };
  const id = await withTransaction(deps.db, async (tx) => {
    const link = await insertShareLink(tx, input.enterpriseId, {
      comprobante_id: e.row.id,
      token_hash: hashToken(token),
      share_method: input.shareMethod,
      shared_by_user_id: input.userId,
      expires_at: expiresAt,
      created_at: now,
    });
    await registrarAuditoria(tx, input.enterpriseId, quien, {
      accion: 'enlace_creado',
      comprobanteId: e.row.id,
      objeto: `enlace:${String(link)}`,
      detalles: { tipo: input.shareMethod, vence: expiresAt?.toISOString().slice(0, 10) ?? '' },
    });
    return link;
  });
  const url = shareUrl(deps.config, token);
  const mensaje = `${COMPROBANTE_TYPE_LABEL[e.type]} ${e.serieFolio} de ${e.cfdi.Emisor.Nombre}: ${url}`;
  return {
    id,
    share_method: input.shareMethod,
    token,
    url,
    whatsapp_url:
      input.shareMethod === 'whatsapp'
        ? `https://wa.me/?text=${encodeURIComponent(mensaje)}`
        : null,
    created_at: now.toISOString(),
    expires_at: expiresAt?.toISOString() ?? null,
  };
}

export async function listSharingInformation(
  deps: Pick<ComprobantesDeps, 'db' | 'now'>,
  enterpriseId: number,
  comprobanteId: number,
): Promise<ShareLinkInfo[]> {
  await findEntregable(deps, enterpriseId, comprobanteId);
  const now = deps.now();
  const rows = await listShareLinks(deps.db, enterpriseId, comprobanteId);
  return rows.map((r) => ({
    id: r.id,
    share_method: r.share_method,
    shared_by:
      r.user_id === null
        ? null
        : { id: r.user_id, email: r.user_email ?? '', name: r.user_name ?? '' },
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    expired: r.expires_at !== null && r.expires_at.getTime() <= now.getTime(),
    views: r.views,
    last_viewed_at: r.last_viewed_at?.toISOString() ?? null,
    downloads: r.downloads,
    revoked_at: r.revoked_at?.toISOString() ?? null,
  }));
}

/** Revokes a share link of the comprobante; whoever opens it afterwards is told so. */
export async function revokeSharingLink(
  deps: Pick<ComprobantesDeps, 'db' | 'now'>,
  input: { enterpriseId: number; comprobanteId: number; linkId: number },
): Promise<ShareLinkInfo> {
  await findEntregable(deps, input.enterpriseId, input.comprobanteId);
  const quien = quienActua();
  const revoked = await withTransaction(deps.db, async (tx) => {
    const hecho = await revokeShareLink(
      tx,
      input.enterpriseId,
      input.comprobanteId,
      input.linkId,
      deps.now(),
    );
    if (hecho) {
      await registrarAuditoria(tx, input.enterpriseId, quien, {
        accion: 'enlace_revocado',
        comprobanteId: input.comprobanteId,
        objeto: `enlace:${String(input.linkId)}`,
      });
    }
    return hecho;
  });
  if (!revoked) throw new AppError('NOT_FOUND', SHARE_LINK_UNKNOWN_MESSAGE);
  const links = await listSharingInformation(deps, input.enterpriseId, input.comprobanteId);
  const link = links.find((l) => l.id === input.linkId);
  if (!link) throw new Error('revokeSharingLink: the revoked link was not found');
  return link;
}

/** The comprobante a public token opens, counting the use; 404 for unknown or expired tokens. */
export async function resolveShareToken(
  deps: Pick<ComprobantesDeps, 'db' | 'now'>,
  token: string,
  use: 'view' | 'download',
): Promise<{ entregable: Entregable; expiresAt: Date | null }> {
  const m = /^(\d{1,10})-[0-9a-f]{64}$/.exec(token);
  const enterpriseId = m ? Number(m[1]) : Number.NaN;
  const link =
    m && Number.isSafeInteger(enterpriseId) && enterpriseId <= 2_147_483_647
      ? await findShareLinkByToken(deps.db, enterpriseId, hashToken(token))
      : null;
  const now = deps.now();
  if (!link || (link.expires_at && link.expires_at.getTime() <= now.getTime())) {
    throw new AppError('NOT_FOUND', SHARE_LINK_NOT_FOUND_MESSAGE);
  }
  if (link.revoked_at) throw new AppError('NOT_FOUND', SHARE_LINK_REVOKED_MESSAGE);
  let entregable: Entregable;
  try {
    entregable = await findEntregable(deps, enterpriseId, link.comprobante_id);
  } catch (err) {
    if (err instanceof AppError) throw new AppError('NOT_FOUND', SHARE_LINK_NOT_FOUND_MESSAGE);
    throw err;
  }
  await countShareLinkUse(deps.db, enterpriseId, link.id, use, now);
  return { entregable, expiresAt: link.expires_at };
}

export function summaryOf(e: Entregable, expiresAt: Date | null): SharedComprobanteSummary {
  const tfd = e.cfdi.Complemento?.TimbreFiscalDigital;
  return {
    comprobante_type: e.type,
    emisor: { rfc: e.cfdi.Emisor.Rfc, nombre: e.cfdi.Emisor.Nombre },
    receptor: { rfc: e.cfdi.Receptor.Rfc, nombre: e.cfdi.Receptor.Nombre },
    serie: e.cfdi.Serie ?? '',
    folio: e.cfdi.Folio ?? '',
    serie_folio: e.serieFolio,
    total: e.cfdi.Total,
    moneda: e.cfdi.Moneda,
    fecha: e.cfdi.Fecha,
    fecha_timbrado: tfd?.FechaTimbrado ?? '',
    uuid: e.uuid,
    status: e.cancelado ? 'cancelada' : 'timbrada',
    expires_at: expiresAt?.toISOString() ?? null,
  };
}
