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
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { createRubro, updateRubro } from './rubro-guardado.service.ts';
import {
  deleteRubro,
  getImpuestosParaRubro,
  getRubro,
  getRubros,
  isRubroNameUnique,
} from './rubros-impuestos.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
const TokenIdParams = TokenParams.extend({ id: z.coerce.number().int() });
const BASE = '/new-client/rubros-impuesto/:newClientToken';

/** The initial configuration wizard's tax groups, for the enterprise of the new-client token. */
export function rubrosImpuestosNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(deps.db, deps.now));
    const enterpriseOf = (request: Parameters<typeof newClientOf>[0]) =>
      newClientOf(request).enterpriseId;

    app.get(
      BASE,
      { schema: { params: TokenParams, response: { 200: ok(z.array(RubroImpuestoResponse)) } } },
      async (request) => envelope(await getRubros(deps.db, enterpriseOf(request))),
    );

    app.get(
      `${BASE}/get-impuestos-trasladados`,
      { schema: { params: TokenParams, response: { 200: ok(ImpuestosParaRubroResponse) } } },
      async (request) =>
        envelope(await getImpuestosParaRubro(deps.db, enterpriseOf(request), deps.catalogos)),
    );

    app.post(
      `${BASE}/validate-unique-name`,
      {
        schema: {
          params: TokenParams,
          body: ValidateUniqueNameRequest,
          response: { 200: ok(z.object({ is_unique: z.boolean() })) },
        },
      },
      async (request) => {
        const enterpriseId = enterpriseOf(request);
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
      `${BASE}/:id`,
      { schema: { params: TokenIdParams, response: { 200: ok(RubroImpuestoResponse) } } },
      async (request) =>
        envelope(await getRubro(deps.db, enterpriseOf(request), request.params.id, deps.catalogos)),
    );

    app.post(
      BASE,
      {
        schema: {
          params: TokenParams,
          body: RubroImpuestoRequest,
          response: { 201: ok(RubroImpuestoResponse) },
        },
      },
      async (request, reply) => {
        const rubro = await createRubro(
          deps.db,
          enterpriseOf(request),
          request.body,
          deps.catalogos,
        );
        return reply.code(201).send(envelope(rubro));
      },
    );

    app.put(
      `${BASE}/:id`,
      {
        schema: {
          params: TokenIdParams,
          body: RubroImpuestoRequest,
          response: { 200: ok(RubroImpuestoResponse) },
        },
      },
      async (request) =>
        envelope(
          await updateRubro(
            deps.db,
            enterpriseOf(request),
            request.params.id,
            request.body,
            deps.catalogos,
          ),
        ),
    );

    app.delete(
      `${BASE}/:id`,
      { schema: { params: TokenIdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        await deleteRubro(deps.db, enterpriseOf(request), request.params.id);
        return envelope(null);
      },
    );
  };
}
