import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfiguracionEmpresaResponse,
  EmpresasResumenResponse,
  NuevaEmpresaRequest,
} from '@repo/contracts/empresas';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { agregarEmpresa, continuarConfiguracion, resumenEmpresas } from './empresas.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });

/** The user's enterprises (issue 27): add one, resume its setup, and the overview across them. */
export function empresasRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.post(
      '/empresas',
      {
        schema: { body: NuevaEmpresaRequest, response: { 201: ok(ConfiguracionEmpresaResponse) } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(envelope(await agregarEmpresa(deps, sesionOf(request), request.body.rfc))),
    );

    app.post(
      '/empresas/:enterpriseId/configuracion-inicial',
      { schema: { params: EnterpriseParams, response: { 200: ok(ConfiguracionEmpresaResponse) } } },
      async (request) =>
        envelope(
          await continuarConfiguracion(deps, sesionOf(request), request.params.enterpriseId),
        ),
    );

    app.get(
      '/empresas/resumen',
      { schema: { response: { 200: ok(EmpresasResumenResponse) } } },
      async (request) => envelope(await resumenEmpresas(deps, sesionOf(request))),
    );
  };
}
