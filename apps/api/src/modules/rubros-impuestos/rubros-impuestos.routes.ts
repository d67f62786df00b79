import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import {
  ImpuestosParaRubroResponse,
  RubroImpuestoRequest,
  RubroImpuestoResponse,
  ValidateUniqueNameRequest,
} from '@repo/contracts/rubros-impuestos';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createRubro, updateRubro } from './rubro-guardado.service.ts';
import {
  deleteRubro,
  getImpuestosParaRubro,
  getRubro,
  getRubros,
  isRubroNameUnique,
} from './rubros-impuestos.service.ts';

const IdParams = z.object({ id: z.coerce.number().int() });

/** Grupos de impuestos: spec section 7, "Taxes". */
export function rubrosImpuestosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      '/rubros-impuestos',
      { schema: { response: { 200: ok(z.array(RubroImpuestoResponse)) } } },
      async (request) => envelope(await getRubros(deps.db, authOf(request).enterpriseId)),
    );

    app.get(
      '/rubros-impuestos/get-impuestos-trasladados',
      { schema: { response: { 200: ok(ImpuestosParaRubroResponse) } } },
      async (request) =>
        envelope(
          await getImpuestosParaRubro(deps.db, authOf(request).enterpriseId, deps.catalogos),
        ),
    );

    app.post(
      '/rubros-impuestos/validate-unique-name',
      {
        schema: {
          body: ValidateUniqueNameRequest,
          response: { 200: ok(z.object({ is_unique: z.boolean() })) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const { name, enterprise_id, rubro_impuesto_id } = request.body;
        if (enterprise_id !== enterpriseId)
          throw new AppError('NOT_FOUND', 'La empresa no existe.');
        const isUnique = await isRubroNameUnique(
          deps.db,
          enterpriseId,
          name,
          rubro_impuesto_id ?? null,
        );
        return envelope({ is_unique: isUnique });
      },
    );

    app.get(
      '/rubros-impuestos/:id',
      { schema: { params: IdParams, response: { 200: ok(RubroImpuestoResponse) } } },
      async (request) =>
        envelope(
          await getRubro(deps.db, authOf(request).enterpriseId, request.params.id, deps.catalogos),
        ),
    );

    app.post(
      '/rubros-impuestos',
      { schema: { body: RubroImpuestoRequest, response: { 201: ok(RubroImpuestoResponse) } } },
      async (request, reply) => {
        const rubro = await createRubro(
          deps.db,
          authOf(request).enterpriseId,
          request.body,
          deps.catalogos,
        );
        return reply.code(201).send(envelope(rubro));
      },
    );

    app.put(
      '/rubros-impuestos/:id',
      {
        schema: {
          params: IdParams,
          body: RubroImpuestoRequest,
          response: { 200: ok(RubroImpuestoResponse) },
        },
      },
      async (request) =>
        envelope(
          await updateRubro(
            deps.db,
            authOf(request).enterpriseId,
            request.params.id,
            request.body,
            deps.catalogos,
          ),
        ),
    );

    app.delete(
      '/rubros-impuestos/:id',
      { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        await deleteRubro(deps.db, authOf(request).enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}
