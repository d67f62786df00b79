import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DatosFiscalesResponse,
  NewClientDatosFiscalesRequest,
} from '@repo/contracts/datos-fiscales';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { readMultipart } from '../sellos-fiscales/read-multipart.ts';
import {
  deleteLogo,
  getDatosFiscales,
  getLogo,
  saveNewClientDatosFiscales,
  saveLogo,
} from './datos-fiscales.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });

/** The initial configuration wizard's tax data, for the enterprise of the new-client token. */
export function datosFiscalesNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(deps.db, deps.now));
    const enterpriseOf = (request: Parameters<typeof newClientOf>[0]) =>
      newClientOf(request).enterpriseId;

    app.get(
      '/new-client/datos-fiscales/:newClientToken',
      { schema: { params: TokenParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) => envelope(await getDatosFiscales(deps.db, enterpriseOf(request))),
    );

    app.put(
      '/new-client/datos-fiscales/:newClientToken',
      {
        schema: {
          params: TokenParams,
          body: NewClientDatosFiscalesRequest,
          response: { 200: ok(DatosFiscalesResponse) },
        },
      },
      async (request) =>
        envelope(await saveNewClientDatosFiscales(deps.db, enterpriseOf(request), request.body)),
    );

    app.post(
      '/new-client/datos-fiscales/:newClientToken/logo',
      { schema: { params: TokenParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) => {
        const enterpriseId = enterpriseOf(request);
        const form = await readMultipart(request, { files: ['logo'], fields: [] });
        return envelope(await saveLogo(deps.db, enterpriseId, form.files.get('logo')?.data));
      },
    );

    app.delete(
      '/new-client/datos-fiscales/:newClientToken/logo',
      { schema: { params: TokenParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) => envelope(await deleteLogo(deps.db, enterpriseOf(request))),
    );

    app.get(
      '/new-client/datos-fiscales/:newClientToken/logo',
      { schema: { params: TokenParams } },
      async (request, reply) => {
        const logo = await getLogo(deps.db, enterpriseOf(request));
        return reply
          .header('content-type', logo.mime)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(logo.data);
      },
    );
  };
}
