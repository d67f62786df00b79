import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { LocalTaxResponse, TaxCreateRequest, TaxResponse } from '@repo/contracts/impuestos';
import type { AppDeps } from '../../deps.ts';
import { IMPUESTO_TIPOS } from '../../db/schema/impuestos.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { localTaxesOfState } from './local-taxes.ts';
import {
  createImpuesto,
  deleteImpuesto,
  getImpuestos,
  updateImpuesto,
} from './impuestos.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
const TokenIdParams = TokenParams.extend({ id: z.coerce.number().int() });
const TokenEstadoParams = TokenParams.extend({
  state: z
    .string()
    .regex(/^[A-Z]{3}$/, 'La clave del estado debe ser de 3 letras mayúsculas (catálogo c_Estado)'),
});
const PATH = { trasladado: 'impuestos-trasladados', retenido: 'impuestos-retenidos' } as const;
const LOCAL_PATH = {
  trasladado: 'impuestos-locales-trasladados',
  retenido: 'impuestos-locales-retenidos',
} as const;

/**
 * The tax lists the initial configuration wizard needs, for the enterprise of the new-client token,
 * and the rates it adds, edits or deletes in its tax step (the same rules as Configuraciones).
 */
export function impuestosNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(deps.db, deps.now));

    for (const tipo of IMPUESTO_TIPOS) {
      app.get(
        `/new-client/${PATH[tipo]}/:newClientToken`,
        { schema: { params: TokenParams, response: { 200: ok(z.array(TaxResponse)) } } },
        async (request) =>
          envelope(
            await getImpuestos(deps.db, newClientOf(request).enterpriseId, tipo, {
              catalogos: deps.catalogos,
            }),
          ),
      );

      app.post(
        `/new-client/${PATH[tipo]}/:newClientToken`,
        {
          schema: {
            params: TokenParams,
            body: TaxCreateRequest,
            response: { 201: ok(TaxResponse) },
          },
        },
        async (request, reply) => {
          const { enterpriseId } = newClientOf(request);
          const tax = await createImpuesto(
            deps.db,
            deps.catalogos,
            enterpriseId,
            tipo,
            request.body,
          );
          return reply.code(201).send(envelope(tax));
        },
      );

      app.put(
        `/new-client/${PATH[tipo]}/:newClientToken/:id`,
        {
          schema: {
            params: TokenIdParams,
            body: TaxCreateRequest,
            response: { 200: ok(TaxResponse) },
          },
        },
        async (request) => {
          const { enterpriseId } = newClientOf(request);
          const { id } = request.params;
          return envelope(
            await updateImpuesto(deps.db, deps.catalogos, enterpriseId, tipo, id, request.body),
          );
        },
      );

      app.delete(
        `/new-client/${PATH[tipo]}/:newClientToken/:id`,
        { schema: { params: TokenIdParams, response: { 200: ok(z.null()) } } },
        async (request) => {
          await deleteImpuesto(deps.db, newClientOf(request).enterpriseId, tipo, request.params.id);
          return envelope(null);
        },
      );

      app.get(
        `/new-client/${LOCAL_PATH[tipo]}/:newClientToken/estado/:state`,
        {
          schema: {
            params: TokenEstadoParams,
            response: { 200: ok(z.object({ data: z.array(LocalTaxResponse) })) },
          },
        },
        async (request) => {
          const { state } = request.params;
          const data = localTaxesOfState(state, tipo).map(({ tipo: _tipo, ...tax }) => ({
            ...tax,
            estado_key: state,
          }));
          return envelope({ data });
        },
      );
    }
  };
}
