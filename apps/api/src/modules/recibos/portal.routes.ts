import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import {
  PortalFacturaResponse,
  PortalFacturarRequest,
  PortalInfoResponse,
  PortalTicketRequest,
  PortalTicketResponse,
  PORTAL_MENSAJES,
} from '@repo/contracts/recibos';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales, findLogo } from '../datos-fiscales/datos-fiscales.queries.ts';
import { buscarPortalPorSlug } from './recibos.queries.ts';
import { facturarTicket, verTicket } from './portal.service.ts';

const SlugParams = z.object({ slug: z.string().trim().max(40) });
/** A person invoices a ticket in a few tries; guessing codes needs millions. Per address. */
const TICKET_LIMITE = { rateLimit: { max: 30, timeWindow: '15 minutes' } };
const FACTURAR_LIMITE = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The public self-invoicing portal of an enterprise: no session; the ticket's code and total. */
export function portalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    async function empresa(slug: string) {
      const p = await buscarPortalPorSlug(deps.db, slug.toLowerCase());
      if (!p || !p.activo) throw new AppError('NOT_FOUND', PORTAL_MENSAJES.noDisponible);
      return p;
    }

    app.get(
      '/portal/:slug',
      {
        config: TICKET_LIMITE,
        schema: { params: SlugParams, response: { 200: ok(PortalInfoResponse) } },
      },
      async (request) => {
        const p = await empresa(request.params.slug);
        const datos = await findDatosFiscales(deps.db, p.enterprise_id);
        return envelope({
          nombre: datos?.nombre_comercial || datos?.razon_social || '',
          tiene_logo: Boolean(datos?.has_logo),
        });
      },
    );

    app.get(
      '/portal/:slug/logo',
      { config: TICKET_LIMITE, schema: { params: SlugParams } },
      async (request, reply) => {
        const p = await empresa(request.params.slug);
        const logo = await findLogo(deps.db, p.enterprise_id);
        if (!logo) throw new AppError('NOT_FOUND', 'La empresa no tiene logotipo.');
        return reply
          .type(logo.mime)
          .header('cache-control', 'public, max-age=3600')
          .send(logo.data);
      },
    );

    app.post(
      '/portal/:slug/ticket',
      {
        config: TICKET_LIMITE,
        schema: {
          params: SlugParams,
          body: PortalTicketRequest,
          response: { 200: ok(PortalTicketResponse) },
        },
      },
      async (request) => envelope(await verTicket(deps, request.params.slug, request.body)),
    );

    app.post(
      '/portal/:slug/facturar',
      {
        config: FACTURAR_LIMITE,
        schema: {
          params: SlugParams,
          body: PortalFacturarRequest,
          response: { 201: ok(PortalFacturaResponse) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(envelope(await facturarTicket(deps, request.params.slug, request.body))),
    );
  };
}
