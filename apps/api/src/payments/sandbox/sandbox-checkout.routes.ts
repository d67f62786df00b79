import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inlineHashPolicy } from '../../http/security-headers.ts';
import type { SandboxCheckout } from './sandbox-checkout.ts';
import { CHECKOUT_SCRIPT, formPage } from './sandbox-pages.ts';
import { INVALID_EXPIRY_MESSAGE } from './test-cards.ts';

const SessionParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The sandbox card provider's own HTTP side, outside /api (it stands for another company's
 * servers): the script, the card form and the endpoints the form posts the card to.
 */
export function sandboxCheckoutRoutes(checkout: SandboxCheckout): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sandbox-checkout/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(CHECKOUT_SCRIPT),
    );

    app.get(
      '/sandbox-checkout/form/:id',
      { schema: { params: SessionParams, hide: true } },
      async (request, reply) => {
        const session = await checkout.getSession(request.params.id);
        if (!session) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send('<p>Sesión de pago no encontrada.</p>');
        }
        const html = formPage({
          id: session.id,
          amount: session.amount,
          status: session.status,
          description: 'Compra de créditos de timbrado',
        });
        // Framed by the purchase page of this origin; its own inline script and style, by hash.
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', inlineHashPolicy(html))
          .header('x-frame-options', 'SAMEORIGIN')
          .send(html);
      },
    );

    app.post(
      '/sandbox-checkout/sessions/:id/pay',
      {
        schema: {
          params: SessionParams,
          body: z.object({
            number: z.string().max(40),
            exp: z.string().max(10),
            cvc: z.string().max(8),
          }),
          hide: true,
        },
      },
      async (request) => {
        const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(request.body.exp);
        if (!m) return { status: 'failed', message: INVALID_EXPIRY_MESSAGE };
        return checkout.pay(request.params.id, {
          number: request.body.number,
          exp_month: Number(m[1]),
          exp_year: Number(m[2]),
          cvc: request.body.cvc.trim(),
        });
      },
    );

    app.post(
      '/sandbox-checkout/sessions/:id/challenge',
      {
        schema: { params: SessionParams, body: z.object({ approve: z.boolean() }), hide: true },
      },
      async (request) => checkout.answerChallenge(request.params.id, request.body.approve),
    );
  };
}
