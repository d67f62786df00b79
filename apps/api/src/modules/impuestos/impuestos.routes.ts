import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { LocalTaxResponse, TaxCreateRequest, TaxResponse } from '@repo/contracts/impuestos';
import type { AppDeps } from '../../deps.ts';
import { IMPUESTO_TIPOS } from '../../db/schema/impuestos.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { localTaxesOfState } from './local-taxes.ts';
import {
  createImpuesto,
  deleteImpuesto,
  getImpuestos,
  toggleImpuesto,
  updateImpuesto,
} from './impuestos.service.ts';

const IdParams = z.object({ id: z.coerce.number().int() });
const EstadoParams = z.object({
  state: z
    .string()
    .regex(/^[A-Z]{3}$/, 'La clave del estado debe ser de 3 letras mayúsculas (catálogo c_Estado)'),
});
const PATH = { trasladado: 'impuestos-trasladados', retenido: 'impuestos-retenidos' } as const;
const LOCAL_PATH = {
  trasladado: 'impuestos-locales-trasladados',
  retenido: 'impuestos-locales-retenidos',
} as const;

/** The enterprise's tax list and the local taxes per state: spec section 7, "Taxes". */
export function impuestosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    for (const tipo of IMPUESTO_TIPOS) {
      app.get(
        `/${PATH[tipo]}`,
        { schema: { response: { 200: ok(z.array(TaxResponse)) } } },
        async (request) =>
          envelope(
            await getImpuestos(deps.db, authOf(request).enterpriseId, tipo, {
              catalogos: deps.catalogos,
            }),
          ),
      );

      app.post(
        `/${PATH[tipo]}`,
        { schema: { body: TaxCreateRequest, response: { 201: ok(TaxResponse) } } },
        async (request, reply) => {
          const tax = await createImpuesto(
            deps.db,
            deps.catalogos,
            authOf(request).enterpriseId,
            tipo,
            request.body,
          );
          return reply.code(201).send(envelope(tax));
        },
      );

      app.put(
        `/${PATH[tipo]}/:id`,
        {
          schema: { params: IdParams, body: TaxCreateRequest, response: { 200: ok(TaxResponse) } },
        },
        async (request) => {
          const { enterpriseId } = authOf(request);
          return envelope(
            await updateImpuesto(
              deps.db,
              deps.catalogos,
              enterpriseId,
              tipo,
              request.params.id,
              request.body,
            ),
          );
        },
      );

      app.delete(
        `/${PATH[tipo]}/:id`,
        { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
        async (request) => {
          await deleteImpuesto(deps.db, authOf(request).enterpriseId, tipo, request.params.id);
          return envelope(null);
        },
      );

      app.get(
        `/${PATH[tipo]}/toggle-status/:id`,
        { schema: { params: IdParams, response: { 200: ok(TaxResponse) } } },
        async (request) =>
          envelope(
            await toggleImpuesto(deps.db, authOf(request).enterpriseId, tipo, request.params.id),
          ),
      );

      // The SPA reads the list at data.data.
      app.get(
        `/${LOCAL_PATH[tipo]}/estado/:state`,
        {
          schema: {
            params: EstadoParams,
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
