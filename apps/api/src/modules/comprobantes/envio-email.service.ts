import {
  COMPROBANTE_TYPE_MISMATCH_MESSAGE,
  type EmailSendingInfo,
  type SendByEmailRequest,
} from '@repo/contracts/comprobantes';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { pacDePruebas } from '../../pac/modo-pruebas.ts';
import { comprobanteEmail } from './comprobante-email.ts';
import {
  findEnterpriseNames,
  findUserContact,
  insertEnvioEmail,
  listEnviosEmail,
} from './comprobantes.queries.ts';
import {
  fileNameOf,
  findEntregable,
  renderPdf,
  type ComprobantesDeps,
} from './comprobantes.service.ts';
import { verificacionUrl } from './pdf/verificacion-url.ts';

/** Sending a comprobante by e-mail (its PDF and XML attached) and the record of its sendings. */

export const EMAIL_NO_ENVIADO =
  'No se pudo enviar el correo: el servidor de correo no lo aceptó. Inténtelo de nuevo en unos minutos.';

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
  input: {
    enterpriseId: number;
    /** The user who asks; null when the product sends on its own (a credit purchase's invoice). */
    userId: number | null;
    comprobanteId: number;
    body: SendByEmailRequest;
  },
): Promise<EmailSendingInfo> {
  const e = await findEntregable(deps, input.enterpriseId, input.comprobanteId);
  if (input.body.comprobante_type !== e.type) {
    throw new AppError('VALIDATION', { comprobante_type: [COMPROBANTE_TYPE_MISMATCH_MESSAGE] });
  }
  const emails = [...new Set(input.body.emails.map((m) => m.toLowerCase()))];
  const [names, user, pdf] = await Promise.all([
    findEnterpriseNames(deps.db, input.enterpriseId),
    input.userId === null ? null : findUserContact(deps.db, input.userId),
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
    pruebas: e.row.pruebas || pacDePruebas(deps.config),
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
  const quien = { ...quienActua(), userId: input.userId };
  const id = await withTransaction(deps.db, async (tx) => {
    const envio = await insertEnvioEmail(tx, input.enterpriseId, {
      comprobante_id: e.row.id,
      emails,
      comprobante_type: e.type,
      sent_by_user_id: input.userId,
      outcome,
      error_message: outcome === 'fallido' ? EMAIL_NO_ENVIADO : '',
      message_id: messageId,
    });
    await registrarAuditoria(tx, input.enterpriseId, quien, {
      accion: 'envio_email',
      comprobanteId: e.row.id,
      detalles: { destinatarios: emails, estatus: outcome === 'enviado' ? 'Enviado' : 'Falló' },
    });
    return envio;
  });
  if (outcome === 'fallido')
    throw new AppError('BAD_GATEWAY', EMAIL_NO_ENVIADO, { showToClient: true });
  const rows = await listEnviosEmail(deps.db, input.enterpriseId, e.row.id);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error('sendByEmail: the sending just recorded was not found');
  return sendingInfo(row);
}
