import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DatosFiscalesRequest, DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { readMultipart } from '../sellos-fiscales/read-multipart.ts';
import {
  ENTERPRISE_NOT_FOUND,
  deleteLogo,
  getDatosFiscales,
  getLogo,
  saveDatosFiscales,
  saveLogo,
} from './datos-fiscales.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });

/** Mis datos fiscales: spec section 7, "Seals and tax data". */
export function datosFiscalesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    const ownEnterprise = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const { enterpriseId: own } = authOf(request);
      if (own !== enterpriseId) throw new AppError('NOT_FOUND', ENTERPRISE_NOT_FOUND);
      return own;
    };

    app.get(
      '/datos-fiscales/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) =>
        envelope(
          await getDatosFiscales(deps.db, ownEnterprise(request, request.params.enterpriseId)),
        ),
    );

    app.put(
      '/datos-fiscales/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          body: DatosFiscalesRequest,
          response: { 200: ok(DatosFiscalesResponse) },
        },
      },
      async (request) => {
        const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
        return envelope(await saveDatosFiscales(deps.db, enterpriseId, request.body));
      },
    );

    app.post(
      '/datos-fiscales/:enterpriseId/logo',
      { schema: { params: EnterpriseParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) => {
        const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
        const form = await readMultipart(request, { files: ['logo'], fields: [] });
        return envelope(await saveLogo(deps.db, enterpriseId, form.files.get('logo')?.data));
      },
    );

    app.delete(
      '/datos-fiscales/:enterpriseId/logo',
      { schema: { params: EnterpriseParams, response: { 200: ok(DatosFiscalesResponse) } } },
      async (request) =>
        envelope(await deleteLogo(deps.db, ownEnterprise(request, request.params.enterpriseId))),
    );

    // The image itself, for the SPA (fetched with the session) and the PDF.
    app.get(
      '/datos-fiscales/:enterpriseId/logo',
      { schema: { params: EnterpriseParams } },
      async (request, reply) => {
        const logo = await getLogo(deps.db, ownEnterprise(request, request.params.enterpriseId));
        return reply
          .header('content-type', logo.mime)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(logo.data);
      },
    );
  };
}
