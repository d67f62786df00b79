import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { WebhookSignatureError } from '../../payments/payment-gateway.ts';
import { handleVerifiedEvent } from './payment-fulfilment.service.ts';

export const FIRMA_NO_VALIDA = 'La firma del aviso de pago no es válida.';

/**
 * The payment gateway's webhooks: POST /api/payments/webhooks/<sandbox|stripe>. The body is read raw
 * (the signature is over its exact bytes) and verified by the configured gateway before anything
 * else; a bad or missing signature answers 400 and changes nothing. A 2xx tells the gateway to stop
 * retrying; a 5xx (database down) makes it deliver again later.
 */
export function paymentWebhooksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/payments/webhooks/:gateway',
      {
        schema: { params: z.object({ gateway: z.string() }) },
        bodyLimit: 1024 * 1024,
      },
      async (request) => {
        const { gateway } = deps.payments;
        if (request.params.gateway !== gateway.name) {
          throw new AppError('NOT_FOUND', 'Esta pasarela de pagos no está configurada.');
        }
        let event;
        try {
          event = gateway.verifyWebhook(
            typeof request.body === 'string' ? request.body : '',
            request.headers,
          );
        } catch (e) {
          if (!(e instanceof WebhookSignatureError)) throw e;
          request.log.warn({ reason: e.message }, 'payment webhook refused');
          throw new AppError('BAD_REQUEST', FIRMA_NO_VALIDA);
        }
        const outcomes = await handleVerifiedEvent(deps, event);
        request.log.info({ eventId: event.id, type: event.type, outcomes }, 'payment webhook');
        return { success: true as const, data: { received: true, outcomes } };
      },
    );
  };
}
