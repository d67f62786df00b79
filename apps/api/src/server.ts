import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { useSpanishMessages } from '@repo/contracts/zod-es';
import { trustProxyOption } from './config.ts';
import type { AppDeps } from './deps.ts';
import { clientConfigRoutes } from './http/client-config.routes.ts';
import { registerControlCharacterCheck } from './http/control-characters.ts';
import { clientErrorHandlerWith, frameworkErrorsWith } from './http/framework-errors.ts';
import { createErrorReporter } from './http/error-reporting.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerModoSolicitud } from './http/modo-solicitud.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registrarCapacidades } from './http/permisos.ts';
import { dbRateLimitStore } from './http/rate-limit-store.ts';
import { earlyAnswerHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { readinessRoutes } from './http/readiness.routes.ts';
import { withMetrics } from './metrics/instrument.ts';
import { registerAuditoriaContexto } from './modules/auditoria/auditoria.ts';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes.ts';
import { registerMetrics } from './metrics/metrics.routes.ts';
import { seriesNewClientRoutes } from './modules/series/series.new-client.routes.ts';
import { impuestosNewClientRoutes } from './modules/impuestos/impuestos.new-client.routes.ts';
import { rubrosImpuestosNewClientRoutes } from './modules/rubros-impuestos/rubros-impuestos.new-client.routes.ts';
import { sellosFiscalesNewClientRoutes } from './modules/sellos-fiscales/sellos-fiscales.new-client.routes.ts';
import { datosFiscalesNewClientRoutes } from './modules/datos-fiscales/datos-fiscales.new-client.routes.ts';
import { catalogosRoutes } from './modules/catalogos/catalogos.routes.ts';
import { firstStepsRoutes } from './modules/users/first-steps.routes.ts';
import { datosFiscalesRoutes } from './modules/datos-fiscales/datos-fiscales.routes.ts';
import { impuestosRoutes } from './modules/impuestos/impuestos.routes.ts';
import { tiposDeCambioRoutes } from './modules/tipos-de-cambio/tipos-de-cambio.routes.ts';
import { rubrosImpuestosRoutes } from './modules/rubros-impuestos/rubros-impuestos.routes.ts';
import { sellosFiscalesRoutes } from './modules/sellos-fiscales/sellos-fiscales.routes.ts';
import { seriesRoutes } from './modules/series/series.routes.ts';
import { inicioRoutes } from './modules/inicio/inicio.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { clientsNewClientRoutes } from './modules/clients/clients.new-client.routes.ts';
import { productsServicesNewClientRoutes } from './modules/products-services/products-services.new-client.routes.ts';
import { productsServicesRoutes } from './modules/products-services/products-services.routes.ts';
import { enterprisesRoutes } from './modules/enterprises/enterprises.routes.ts';
import { helpCenterRoutes } from './modules/help-center/help-center.routes.ts';
import { newClientRoutes } from './modules/new-client/new-client.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { pacRoutes } from './pac/pac.routes.ts';
import {
  comprobantesCompartidosRoutes,
  comprobantesRoutes,
} from './modules/comprobantes/comprobantes.routes.ts';
import { complementosPagoRoutes } from './modules/complementos-pago/complementos-pago.routes.ts';
import { notasCreditoRoutes } from './modules/notas-credito/notas-credito.routes.ts';
import { insertNotaCredito } from './modules/notas-credito/notas-credito.queries.ts';
import { anticiposRoutes } from './modules/anticipos/anticipos.routes.ts';
import { facturasRoutes } from './modules/facturas/facturas.routes.ts';
import { createFactura } from './modules/facturas/factura-timbrado.service.ts';
import { exportacionZipRoutes } from './modules/exportacion-zip/exportacion-zip.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { paymentWebhooksRoutes } from './modules/credits/payment-webhooks.routes.ts';
import { sandboxCheckoutRoutes } from './payments/sandbox/sandbox-checkout.routes.ts';
import { facturasGlobalesRoutes } from './modules/facturas-globales/facturas-globales.routes.ts';
import { portalRoutes } from './modules/recibos/portal.routes.ts';
import { recibosRoutes } from './modules/recibos/recibos.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { clavesApiRoutes } from './modules/claves-api/claves-api.routes.ts';
import { empresasRoutes } from './modules/empresas/empresas.routes.ts';
import { equipoRoutes, invitacionesRoutes } from './modules/equipo/equipo.routes.ts';

export type App = FastifyInstance;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * Every route validates and serializes with its zod contract. Given as the server's compilers
 * (rather than through setValidatorCompiler once the server exists), Fastify never loads its default
 * ones, Ajv and fast-json-stringify, that nothing would call: about a third of a second of the start.
 * Fastify types these factories with Ajv's signatures, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole app without listening: main.ts listens, tests call app.inject(). */
export async function createServer(given: AppDeps): Promise<App> {
  useSpanishMessages();
  // Every PAC call and e-mail of the routes is timed and counted.
  const { deps, metrics } = withMetrics(given);
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    // http/request-log.ts logs each request once, with tokens in its URL redacted.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: true,
    }),
    // Behind a proxy, request.ip is the client's (per-IP login and e-mail rate limits).
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 5 * 1024 * 1024,
    // Requests refused before a route runs answer in the app's envelope, in Spanish, too.
    frameworkErrors: frameworkErrorsWith(earlyAnswerHeaders(deps.config)),
    clientErrorHandler: clientErrorHandlerWith(earlyAnswerHeaders(deps.config)),
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  // First hook of every request: its own store of whether a test API key made it (docs/decisions/014).
  registerModoSolicitud(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('newClient', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app, await createErrorReporter(deps.config));
  registerControlCharacterCheck(app);
  registerRequestLog(app);
  registerAuditoriaContexto(app);
  // Before the modules: a route may declare who may call it beside itself (http/permisos.ts).
  registrarCapacidades(app);
  registerMetrics(app, metrics, deps.config);
  await registerSecurityHeaders(app, deps.config);
  // Counted in the database, so the limits hold across every API process (rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(deps.db, deps.now) });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 4 } });
  await registerOpenApi(app);

  // Modules, registered explicitly (no autoload): each owns the routes of one API resource.
  await app.register(
    async (api) => {
      // Liveness (no database call); /api/ready is readiness (http/readiness.routes.ts).
      api.get('/health', async () => ({ success: true as const, data: { status: 'ok' } }));
      await api.register(readinessRoutes(deps));
      await api.register(clientConfigRoutes(deps));
      await api.register(usersRoutes(deps));
      await api.register(newClientRoutes(deps));
      await api.register(enterprisesRoutes(deps));
      await api.register(helpCenterRoutes(deps));
      await api.register(seriesRoutes(deps));
      await api.register(inicioRoutes(deps));
      await api.register(clientsRoutes(deps));
      await api.register(clientsNewClientRoutes(deps));
      await api.register(productsServicesNewClientRoutes(deps));
      await api.register(productsServicesRoutes(deps));
      await api.register(impuestosRoutes(deps));
      await api.register(rubrosImpuestosRoutes(deps));
      await api.register(tiposDeCambioRoutes(deps));
      await api.register(sellosFiscalesRoutes(deps));
      await api.register(datosFiscalesRoutes(deps));
      await api.register(firstStepsRoutes(deps));
      await api.register(catalogosRoutes(deps), { prefix: '/catalogos' });
      await api.register(pacRoutes(deps));
      await api.register(comprobantesRoutes(deps));
      await api.register(comprobantesCompartidosRoutes(deps));
      await api.register(facturasRoutes(deps));
      await api.register(exportacionZipRoutes(deps));
      await api.register(creditsRoutes(deps));
      await api.register(paymentWebhooksRoutes(deps));
      await api.register(complementosPagoRoutes(deps));
      await api.register(notasCreditoRoutes(deps));
      // The advance procedure issues an income invoice and a credit note: their parts, handed over.
      await api.register(
        anticiposRoutes(deps, {
          emitirFactura: async (enterpriseId, draft) =>
            (await createFactura(deps, enterpriseId, draft)).factura.id,
          guardarNotaCredito: insertNotaCredito,
        }),
      );
      await api.register(facturasGlobalesRoutes(deps));
      await api.register(webhooksRoutes(deps));
      await api.register(clavesApiRoutes(deps));
      await api.register(recibosRoutes(deps));
      await api.register(portalRoutes(deps));
      await api.register(equipoRoutes(deps));
      await api.register(empresasRoutes(deps));
      await api.register(invitacionesRoutes(deps));
      await api.register(auditoriaRoutes(deps));
      await api.register(datosFiscalesNewClientRoutes(deps));
      await api.register(sellosFiscalesNewClientRoutes(deps));
      await api.register(rubrosImpuestosNewClientRoutes(deps));
      await api.register(impuestosNewClientRoutes(deps));
      await api.register(seriesNewClientRoutes(deps));
    },
    { prefix: '/api' },
  );

  // The sandbox card provider (PAYMENT_GATEWAY=sandbox) serves its own pages and posts its signed
  // webhooks to our webhook route through the app itself, so it needs no network or port.
  const sandbox = deps.payments.sandbox;
  if (sandbox) {
    await app.register(sandboxCheckoutRoutes(sandbox));
    sandbox.setDeliveryTarget(async (payload, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload,
        headers,
      });
      return res.statusCode;
    });
    app.addHook('onClose', async () => sandbox.close());
  }

  await registerSpa(app);
  return app;
}
