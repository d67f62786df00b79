import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreditPayment,
  CreditSpending,
  CreditSpendingsQuery,
  DetachReservedCodesResponse,
  GatewayIdParams,
  GatewayOrderResponse,
  IdParams,
  PreOrderRequest,
  PreOrderResponse,
  ReservePromotionalCodeRequest,
  ReservePromotionalCodeResponse,
  SubscriptionPlan,
  SubscriptionPlanInvoiceRequest,
} from '@repo/contracts/credits';
import { PageQuery, ok, paginated } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope, page } from '../../http/envelope.ts';
import {
  createPreOrder,
  getCreditPayment,
  getOrderFromGateway,
  listCreditPayments,
} from './credit-payments.service.ts';
import { sendPdf, sendXml } from '../comprobantes/comprobantes.routes.ts';
import { renderPdf } from '../comprobantes/comprobantes.service.ts';
import { listSpendings } from './credit-spendings.queries.ts';
import { invoiceCreditPurchase, purchaseInvoice } from './purchase-invoice.service.ts';
import { listActivePlans, toPlanResponse } from './plans.queries.ts';
import { releaseReservations, reservePromotionalCode } from './promotional-codes.service.ts';

/** Credits (spec section 7): plans, promotional codes, the pre-order, purchases and spendings. */
export function creditsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      '/subscription-plans',
      { schema: { response: { 200: ok(z.array(SubscriptionPlan)) } } },
      async () => envelope((await listActivePlans(deps.db)).map(toPlanResponse)),
    );

    app.post(
      '/promotional-codes/reserve',
      {
        schema: {
          body: ReservePromotionalCodeRequest,
          response: { 200: ok(ReservePromotionalCodeResponse) },
        },
      },
      async (request) =>
        envelope(
          await reservePromotionalCode(deps.db, sesionOf(request).enterpriseId, request.body, {
            now: deps.now(),
            holdMinutes: deps.config.PAYMENT_CHECKOUT_MINUTES,
          }),
        ),
    );

    app.post(
      '/promotional-codes/detach-reserved-codes',
      { schema: { response: { 200: ok(DetachReservedCodesResponse) } } },
      async (request) =>
        envelope({
          released: await releaseReservations(deps.db, sesionOf(request).enterpriseId, deps.now()),
        }),
    );

    app.post(
      '/payments/credits/pre-order',
      { schema: { body: PreOrderRequest, response: { 200: ok(PreOrderResponse) } } },
      async (request) => envelope(await createPreOrder(deps, sesionOf(request), request.body)),
    );

    app.get(
      '/payments/credits/get-order-from-payment-gateway/:id',
      { schema: { params: GatewayIdParams, response: { 200: ok(GatewayOrderResponse) } } },
      async (request) =>
        envelope(await getOrderFromGateway(deps, sesionOf(request), request.params.id)),
    );

    app.get(
      '/user-credits-payments',
      { schema: { querystring: PageQuery, response: { 200: ok(paginated(CreditPayment)) } } },
      async (request) => envelope(await listCreditPayments(deps, sesionOf(request), request.query)),
    );

    app.get(
      '/user-credits-payments/:id',
      { schema: { params: IdParams, response: { 200: ok(CreditPayment) } } },
      async (request) =>
        envelope(await getCreditPayment(deps, sesionOf(request), request.params.id)),
    );

    app.post(
      '/facturacion/V40/facturas-ingreso/subscription-plan-invoice',
      { schema: { body: SubscriptionPlanInvoiceRequest, response: { 200: ok(CreditPayment) } } },
      async (request) => {
        const auth = sesionOf(request);
        await invoiceCreditPurchase(deps, auth, request.body);
        return envelope(await getCreditPayment(deps, auth, request.body.user_credit_payment_id));
      },
    );

    app.get(
      '/user-credits-payments/:id/invoice-xml',
      { schema: { params: IdParams } },
      async (request, reply) =>
        sendXml(reply, await purchaseInvoice(deps, sesionOf(request), request.params.id)),
    );

    app.get(
      '/user-credits-payments/:id/invoice-pdf',
      { schema: { params: IdParams } },
      async (request, reply) => {
        const e = await purchaseInvoice(deps, sesionOf(request), request.params.id);
        return sendPdf(reply, e, await renderPdf(deps, e));
      },
    );

    app.get(
      '/user-credits-spendings',
      {
        schema: {
          querystring: CreditSpendingsQuery,
          response: { 200: ok(paginated(CreditSpending)) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await listSpendings(
          deps.db,
          sesionOf(request).enterpriseId,
          { from: q.from, to: q.to, type: q.type, documentType: q.document_type },
          { number: q.page, size: q.items_per_page },
        );
        return envelope(page(rows, total, q.page, q.items_per_page));
      },
    );
  };
}
