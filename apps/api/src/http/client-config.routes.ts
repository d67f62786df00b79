import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientConfig, ERROR_REPORTING_SAMPLE_RATES } from '@repo/contracts/client-config';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../deps.ts';
import { pacDePruebas } from '../pac/modo-pruebas.ts';
import { ok as envelope } from './envelope.ts';

/**
 * The SPA's runtime configuration: error reporting (off unless SENTRY_DSN_WEB is set) and whether the
 * PAC is a test one, so every screen can say that what it stamps has no fiscal validity.
 */
export function clientConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client-config',
      { schema: { response: { 200: ok(ClientConfig) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return envelope({
          error_reporting: deps.config.SENTRY_DSN_WEB
            ? {
                dsn: deps.config.SENTRY_DSN_WEB,
                environment: deps.config.SENTRY_ENVIRONMENT,
                release: 'facturacion-cfdi-web@1.4.5',
                ...ERROR_REPORTING_SAMPLE_RATES,
              }
            : null,
          modo_pruebas: pacDePruebas(deps.config),
        });
      },
    );
  };
}
