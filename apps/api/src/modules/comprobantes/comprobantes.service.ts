import { createHash, randomBytes } from 'node:crypto';
import {
  COMPROBANTE_NOT_FOUND_MESSAGE,
  COMPROBANTE_SIN_TIMBRAR_MESSAGE,
  COMPROBANTE_TYPE_LABEL,
  COMPROBANTE_TYPE_MISMATCH_MESSAGE,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  SHARE_LINK_REVOKED_MESSAGE,
  SHARE_LINK_UNKNOWN_MESSAGE,
  type ComprobanteType,
  type CreateShareLinkResponse,
  type EmailSendingInfo,
  type SendByEmailRequest,
  type ShareLinkInfo,
  type ShareMethod,
  type SharedComprobanteSummary,
} from '@repo/contracts/comprobantes';
import { parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { findLogo } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findComprobante, type ComprobanteRow } from '../timbrado/timbrado.queries.ts';
import { pacDePruebas } from '../../pac/modo-pruebas.ts';
import { comprobanteEmail } from './comprobante-email.ts';
import {
  countShareLinkUse,
  findEnterpriseNames,
  findShareLinkByToken,
  findUserContact,
  insertEnvioEmail,
  insertShareLink,
  listEnviosEmail,
  listShareLinks,
  revokeShareLink,
} from './comprobantes.queries.ts';
import { verificacionUrl } from './pdf/verificacion-url.ts';

export type ComprobantesDeps = Pick<
  AppDeps,
  'db' | 'config' | 'mailer' | 'catalogos' | 'now' | 'logger'
>;

export const EMAIL_NO_ENVIADO =
  'No se pudo enviar el correo: el servidor de correo no lo aceptó. Inténtelo de nuevo en unos minutos.';

/** A stamped (or cancelled) comprobante with its stamped XML, parsed. */
export interface Entregable {
  row: ComprobanteRow;
  xml: string;
  cfdi: Comprobante;
  uuid: string;
  type: ComprobanteType;
  serieFolio: string;
  cancelado: boolean;
}

/** The comprobante of this enterprise that can be delivered; 404 when absent, 409 when not stamped. */
export async function findEntregable(
  deps: Pick<ComprobantesDeps, 'db'>,
  enterpriseId: number,
  id: number,
): Promise<Entregable> {
  const row = await findComprobante(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', COMPROBANTE_NOT_FOUND_MESSAGE);
  if ((row.status !== 'timbrada' && row.status !== 'cancelada') || !row.xml_timbrado || !row.uuid) {
    throw new AppError('CONFLICT', COMPROBANTE_SIN_TIMBRAR_MESSAGE, { showToClient: true });
  }
  const cfdi = parseComprobanteXml(row.xml_timbrado);
  const type: ComprobanteType =
    cfdi.TipoDeComprobante === 'P'
      ? 'complemento_pago'
      : row.serie_kind === 'facturas-globales' || cfdi.InformacionGlobal
        ? 'factura_global'
        : 'factura_ingreso';
  return {
    row,
    xml: row.xml_timbrado,
    cfdi,
    uuid: row.uuid,
    type,
    serieFolio: [cfdi.Serie, cfdi.Folio].filter(Boolean).join('-'),
    cancelado: row.status === 'cancelada',
  };
}

/** `<RFC emisor>_<serie>-<folio>_<UUID>.<ext>`: sorts by issuer and folio and never collides. */
export function fileNameOf(e: Entregable, ext: 'pdf' | 'xml'): string {
  return [e.cfdi.Emisor.Rfc, e.serieFolio, e.uuid].filter(Boolean).join('_') + `.${ext}`;
}

/** The PDF of a comprobante; with a test PAC it says on every page that it has no fiscal validity. */
export async function renderPdf(
  deps: Pick<ComprobantesDeps, 'db' | 'catalogos' | 'config'>,
  e: Entregable,
): Promise<Buffer> {
  const logo = await findLogo(deps.db, e.row.enterprise_id);
  // The PDF library (pdfkit and its fonts, about 20 MB) loads with the first PDF, not at start.
  const { buildRepresentacionImpresa } = await import('./pdf/build-representacion-impresa.ts');
  return buildRepresentacionImpresa({
    xml: e.xml,
    logo,
    cancelado: e.cancelado,
    pruebas: pacDePruebas(deps.config),
    catalogos: deps.catalogos,
  });
}

// Share links --------------------------------------------------------------------------------------

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
  input: { enterpriseId: number; userId: number; comprobanteId: number; shareMethod: ShareMethod },
): Promise<CreateShareLinkResponse> {
  const e = await findEntregable(deps, input.enterpriseId, input.comprobanteId);
  const token = newToken(input.enterpriseId);
  const now = deps.now();
  const days = deps.config.SHARE_LINK_TTL_DAYS;
  const expiresAt = days > 0 ? new Date(now.getTime() + days * 24 * 3600_000) : null;
  const id = await insertShareLink(deps.db, input.enterpriseId, {
    comprobante_id: e.row.id,
    token_hash: hashToken(token),
    share_method: input.shareMethod,
    shared_by_user_id: input.userId,
    expires_at: expiresAt,
    created_at: now,
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
  const revoked = await revokeShareLink(
    deps.db,
    input.enterpriseId,
    input.comprobanteId,
    input.linkId,
    deps.now(),
  );
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

// E-mail ------------------------------------------------------------------------------------------

function sendingInfo(r: Awaited<ReturnType<typeof listEnviosEmail>>[number]): EmailSendingInfo {
  return {
    id: r.id,
    emails: r.emails,
    comprobante_type: r.comprobante_type,
    sent_by:
      r.user_id === null
        ? null
        : { id: r.user_id, email: r.user_email ?? '', name: r.user_name ?? '' },
    sent_at: r.created_at.toISOString(),
    outcome: r.outcome,
    error_message: r.error_message,
  };
}

export async function listInvoiceSentInformation(
  deps: Pick<ComprobantesDeps, 'db'>,
  enterpriseId: number,
  comprobanteId: number,
): Promise<EmailSendingInfo[]> {
  await findEntregable(deps, enterpriseId, comprobanteId);
  return (await listEnviosEmail(deps.db, enterpriseId, comprobanteId)).map(sendingInfo);
}

/**
 * Sends ONE e-mail to every address with the PDF and the stored XML (byte for byte) attached, and
 * records it. A refusal of the mail server is recorded as 'fallido' and answered with 502.
 */
export async function sendByEmail(
  deps: ComprobantesDeps,
  input: { enterpriseId: number; userId: number; comprobanteId: number; body: SendByEmailRequest },
): Promise<EmailSendingInfo> {
  const e = await findEntregable(deps, input.enterpriseId, input.comprobanteId);
  if (input.body.comprobante_type !== e.type) {
    throw new AppError('VALIDATION', { comprobante_type: [COMPROBANTE_TYPE_MISMATCH_MESSAGE] });
  }
  const emails = [...new Set(input.body.emails.map((m) => m.toLowerCase()))];
  const [names, user, pdf] = await Promise.all([
    findEnterpriseNames(deps.db, input.enterpriseId),
    findUserContact(deps.db, input.userId),
    renderPdf(deps, e),
  ]);
  const empresa = names?.nombre_comercial || names?.razon_social || e.cfdi.Emisor.Nombre;
  const mail = comprobanteEmail({
    comprobanteType: e.type,
    empresa,
    serieFolio: e.serieFolio,
    total: e.cfdi.Total,
    moneda: e.cfdi.Moneda,
    uuid: e.uuid,
    fecha: e.cfdi.Fecha,
    receptor: e.cfdi.Receptor.Nombre,
    cancelado: e.cancelado,
    pruebas: pacDePruebas(deps.config),
    verificacionUrl: verificacionUrl({
      uuid: e.uuid,
      rfcEmisor: e.cfdi.Emisor.Rfc,
      rfcReceptor: e.cfdi.Receptor.Rfc,
      total: e.cfdi.Total,
      sello: e.cfdi.Sello ?? '',
    }),
  });
  let outcome: 'enviado' | 'fallido' = 'enviado';
  let messageId = '';
  try {
    const sent = await deps.mailer.send({
      to: emails,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      ...(user?.email ? { replyTo: user.email } : {}),
      attachments: [
        { filename: fileNameOf(e, 'pdf'), content: pdf, contentType: 'application/pdf' },
        {
          filename: fileNameOf(e, 'xml'),
          content: Buffer.from(e.xml, 'utf8'),
          contentType: 'application/xml',
        },
      ],
    });
    messageId = sent.messageId;
  } catch (err) {
    deps.logger.warn({ err, comprobanteId: e.row.id }, 'comprobante e-mail refused');
    outcome = 'fallido';
  }
  const id = await insertEnvioEmail(deps.db, input.enterpriseId, {
    comprobante_id: e.row.id,
    emails,
    comprobante_type: e.type,
    sent_by_user_id: input.userId,
    outcome,
    error_message: outcome === 'fallido' ? EMAIL_NO_ENVIADO : '',
    message_id: messageId,
  });
  if (outcome === 'fallido')
    throw new AppError('BAD_GATEWAY', EMAIL_NO_ENVIADO, { showToClient: true });
  const rows = await listEnviosEmail(deps.db, input.enterpriseId, e.row.id);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error('sendByEmail: the sending just recorded was not found');
  return sendingInfo(row);
}
