import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { LocalTaxResponse, TaxResponse } from '@repo/contracts/impuestos';
import type { AppDeps } from '../../deps.ts';
import { IMPUESTO_TIPOS } from '../../db/schema/impuestos.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { localTaxesOfState } from './local-taxes.ts';
import { getImpuestos } from './impuestos.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
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

/** The tax lists the initial configuration wizard needs, for the enterprise of the new-client token. */
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
