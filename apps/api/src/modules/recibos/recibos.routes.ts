import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ok, paginated } from '@repo/contracts/envelope';
import {
  PortalConfigRequest,
  PortalConfigResponse,
  RECIBO_MENSAJES,
  ReciboListQuery,
  ReciboRequest,
  ReciboResponse,
} from '@repo/contracts/recibos';
import { ReciboImportResponse } from '@repo/contracts/recibos-importacion';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { attachment, XLSX_MIME } from '../clients/spreadsheet.ts';
import { uploadedFile } from '../clients/uploaded-file.ts';
import { diaLocal } from '../timbrado/fecha-comprobante.ts';
import { importarRecibos } from './recibos-import.ts';
import { plantillaRecibos } from './recibos-plantilla.ts';
import { buscarRecibo, cancelarRecibo, guardarPortal, listarRecibos } from './recibos.queries.ts';
import {
  crearRecibo,
  portalDe,
  respuestaConPortal,
  respuestaDe,
  urlPortal,
  zonaDe,
} from './recibos.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });
const IdParams = z.object({ id: z.coerce.number().int() });
const POR_PAGINA = 30;
/** A spreadsheet of 2,000 lines is well under 5 MB. */
const LIMITE_ARCHIVO = 5 * 1024 * 1024;

/** Sales receipts of the signed-in enterprise and its self-invoicing portal's settings (issue 28). */
export function recibosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));
    const propia = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const { enterpriseId: own } = authOf(request);
      if (own !== enterpriseId) throw new AppError('NOT_FOUND', 'La empresa no existe.');
      return own;
    };

    app.post(
      '/recibos/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: ReciboRequest,
          response: { 201: ok(ReciboResponse) },
        },
      },
      async (request, reply) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        return reply.code(201).send(envelope(await crearRecibo(deps, enterpriseId, request.body)));
      },
    );

    app.post(
      '/recibos/:enterpriseId/importar',
      {
        bodyLimit: LIMITE_ARCHIVO,
        schema: { params: EnterpriseParams, response: { 201: ok(ReciboImportResponse) } },
      },
      async (request, reply) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const archivo = await uploadedFile(request);
        return reply.code(201).send(envelope(await importarRecibos(deps, enterpriseId, archivo)));
      },
    );

    app.get(
      '/recibos/:enterpriseId/importar/plantilla',
      { schema: { params: EnterpriseParams } },
      async (request, reply) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const hoy = diaLocal(deps.now(), await zonaDe(deps, enterpriseId));
        return reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', attachment('Plantilla de recibos.xlsx'))
          .send(await plantillaRecibos(deps.db, enterpriseId, hoy));
      },
    );

    app.get(
      '/recibos/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          querystring: ReciboListQuery,
          response: { 200: ok(paginated(ReciboResponse)) },
        },
      },
      async (request) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const { page, estado } = request.query;
        const [{ rows, total }, portal, zona] = await Promise.all([
          listarRecibos(deps.db, enterpriseId, {
            page,
            perPage: POR_PAGINA,
            estado: estado ?? null,
          }),
          portalDe(deps, enterpriseId),
          zonaDe(deps, enterpriseId),
        ]);
        return envelope({
          data: rows.map((r) => respuestaConPortal(deps, r, portal, zona)),
          current_page: page,
          per_page: POR_PAGINA,
          total,
          last_page: Math.max(1, Math.ceil(total / POR_PAGINA)),
        });
      },
    );

    app.get(
      '/recibos/detalle/:id',
      { schema: { params: IdParams, response: { 200: ok(ReciboResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const row = await buscarRecibo(deps.db, enterpriseId, request.params.id);
        if (!row) throw new AppError('NOT_FOUND', RECIBO_MENSAJES.noExiste);
        const recibo = await respuestaDe(deps, enterpriseId, row);
        const qr_svg = await QRCode.toString(recibo.url_portal, { type: 'svg', margin: 1 });
        return envelope({ ...recibo, qr_svg });
      },
    );

    app.post(
      '/recibos/detalle/:id/cancelar',
      { schema: { params: IdParams, response: { 200: ok(ReciboResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const row = await buscarRecibo(deps.db, enterpriseId, request.params.id);
        if (!row) throw new AppError('NOT_FOUND', RECIBO_MENSAJES.noExiste);
        if (!(await cancelarRecibo(deps.db, enterpriseId, row.id))) {
          throw new AppError('CONFLICT', RECIBO_MENSAJES.soloAbierto);
        }
        return envelope(await respuestaDe(deps, enterpriseId, { ...row, estado: 'cancelado' }));
      },
    );

    app.get(
      '/portal-facturacion/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(PortalConfigResponse) } } },
      async (request) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const p = await portalDe(deps, enterpriseId);
        return envelope({
          slug: p.slug,
          activo: p.activo,
          dias: p.dias,
          url: urlPortal(deps, p.slug),
        });
      },
    );

    app.put(
      '/portal-facturacion/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: PortalConfigRequest,
          response: { 200: ok(PortalConfigResponse) },
        },
      },
      async (request) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const p = await portalDe(deps, enterpriseId);
        await guardarPortal(deps.db, enterpriseId, request.body);
        return envelope({ ...request.body, slug: p.slug, url: urlPortal(deps, p.slug) });
      },
    );
  };
}
