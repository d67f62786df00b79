import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvisoCancelacion,
  ComprobanteIdParams,
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  InvoiceSentInformationResponse,
  SendByEmailRequest,
  SendByEmailResponse,
  SharedComprobanteSummary,
  ShareTokenParams,
  SharingSentInformationResponse,
  ShareLinkInfo,
  ShareLinkParams,
} from '@repo/contracts/comprobantes';
import { SustitucionEstado } from '@repo/contracts/emision';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { avisoCancelacion, reintentarSustitucion } from './aviso-cancelacion.service.ts';
import { fileNameOf, findEntregable, renderPdf, type Entregable } from './comprobantes.service.ts';
import { listInvoiceSentInformation, sendByEmail } from './envio-email.service.ts';
import {
  createShareLink,
  listSharingInformation,
  revokeSharingLink,
  resolveShareToken,
  summaryOf,
} from './share-links.service.ts';

/** `attachment` with an ASCII name and the exact UTF-8 one (RFCs may hold Ñ or &). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendXml(reply: FastifyReply, e: Entregable) {
  // The stored bytes exactly as the PAC returned them: no re-serialisation, no charset rewrite.
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', contentDisposition(fileNameOf(e, 'xml')))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(e.xml, 'utf8'));
}

export function sendPdf(reply: FastifyReply, e: Entregable, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileNameOf(e, 'pdf')))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

const MAIL_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '15 minutes' } };
const PUBLIC_RATE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Comprobantes (spec section 7): files, share links and e-mail of stamped CFDIs, signed in. */
export function comprobantesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));
    const base = '/comprobantes/v40/:id';

    app.get(
      `${base}/get-invoice-pdf`,
      { schema: { params: ComprobanteIdParams } },
      async (request, reply) => {
        const e = await findEntregable(deps, authOf(request).enterpriseId, request.params.id);
        return sendPdf(reply, e, await renderPdf(deps, e));
      },
    );

    app.get(
      `${base}/get-invoice-xml`,
      { schema: { params: ComprobanteIdParams } },
      async (request, reply) => {
        const e = await findEntregable(deps, authOf(request).enterpriseId, request.params.id);
        return sendXml(reply, e);
      },
    );

    // What cancelling will do (the SAT's acceptance rule, deadline, what to cancel first) and the
    // substitution this comprobante takes part in, with its retry.
    app.get(
      `${base}/cancelacion`,
      { schema: { params: ComprobanteIdParams, response: { 200: ok(AvisoCancelacion) } } },
      async (request) =>
        envelope(await avisoCancelacion(deps, authOf(request).enterpriseId, request.params.id)),
    );

    app.post(
      `${base}/sustitucion/reintentar`,
      { schema: { params: ComprobanteIdParams, response: { 200: ok(SustitucionEstado) } } },
      async (request) =>
        envelope(
          await reintentarSustitucion(deps, authOf(request).enterpriseId, request.params.id),
        ),
    );

    app.post(
      `${base}/create-share-invoice-link`,
      {
        schema: {
          params: ComprobanteIdParams,
          body: CreateShareLinkRequest,
          response: { 201: ok(CreateShareLinkResponse) },
        },
      },
      async (request, reply) => {
        const { enterpriseId, userId } = authOf(request);
        const link = await createShareLink(deps, {
          enterpriseId,
          userId,
          comprobanteId: request.params.id,
          shareMethod: request.body.share_method,
        });
        return reply.code(201).send(envelope(link));
      },
    );

    app.post(
      `${base}/send-by-email`,
      {
        config: MAIL_RATE_LIMIT,
        schema: {
          params: ComprobanteIdParams,
          body: SendByEmailRequest,
          response: { 200: ok(SendByEmailResponse) },
        },
      },
      async (request) => {
        const { enterpriseId, userId } = authOf(request);
        return envelope(
          await sendByEmail(deps, {
            enterpriseId,
            userId,
            comprobanteId: request.params.id,
            body: request.body,
          }),
        );
      },
    );

    app.get(
      `${base}/get-invoice-sent-information`,
      {
        schema: {
          params: ComprobanteIdParams,
          response: { 200: ok(InvoiceSentInformationResponse) },
        },
      },
      async (request) =>
        envelope(
          await listInvoiceSentInformation(deps, authOf(request).enterpriseId, request.params.id),
        ),
    );

    app.post(
      `${base}/share-links/:linkId/revoke`,
      { schema: { params: ShareLinkParams, response: { 200: ok(ShareLinkInfo) } } },
      async (request) =>
        envelope(
          await revokeSharingLink(deps, {
            enterpriseId: authOf(request).enterpriseId,
            comprobanteId: request.params.id,
            linkId: request.params.linkId,
          }),
        ),
    );

    app.get(
      `${base}/get-sharing-invoice-sent-information`,
      {
        schema: {
          params: ComprobanteIdParams,
          response: { 200: ok(SharingSentInformationResponse) },
        },
      },
      async (request) =>
        envelope(
          await listSharingInformation(deps, authOf(request).enterpriseId, request.params.id),
        ),
    );
  };
}

/** The public side of a share link: no session, the unguessable token is the only key. */
export function comprobantesCompartidosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/comprobantes/v40/compartidos/:token';

    app.get(
      base,
      {
        config: PUBLIC_RATE_LIMIT,
        schema: { params: ShareTokenParams, response: { 200: ok(SharedComprobanteSummary) } },
      },
      async (request, reply) => {
        const { entregable, expiresAt } = await resolveShareToken(
          deps,
          request.params.token,
          'view',
        );
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        return envelope(summaryOf(entregable, expiresAt));
      },
    );

    app.get(
      `${base}/pdf`,
      { config: PUBLIC_RATE_LIMIT, schema: { params: ShareTokenParams } },
      async (request, reply) => {
        const { entregable } = await resolveShareToken(deps, request.params.token, 'download');
        reply.header('x-robots-tag', 'noindex');
        return sendPdf(reply, entregable, await renderPdf(deps, entregable));
      },
    );

    app.get(
      `${base}/xml`,
      { config: PUBLIC_RATE_LIMIT, schema: { params: ShareTokenParams } },
      async (request, reply) => {
        const { entregable } = await resolveShareToken(deps, request.params.token, 'download');
        reply.header('x-robots-tag', 'noindex');
        return sendXml(reply, entregable);
      },
    );
  };
}
