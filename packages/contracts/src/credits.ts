import { z } from 'zod';
import { PageQuery } from './envelope.ts';

/** A credit plan on sale; price in MXN with IVA, as a decimal string. */
export const SubscriptionPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  credits: z.number().int(),
  gift_credits: z.number().int(),
  price: z.string(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const PLAN_REQUIRED_MESSAGE = 'Elija un paquete de créditos';
export const PROMO_CODE_REQUIRED_MESSAGE = 'Escriba el código promocional';

const planId = z.coerce
  .number({ message: PLAN_REQUIRED_MESSAGE })
  .int(PLAN_REQUIRED_MESSAGE)
  .positive(PLAN_REQUIRED_MESSAGE);

export const ReservePromotionalCodeRequest = z.object({
  promotional_code: z.string().trim().min(1, PROMO_CODE_REQUIRED_MESSAGE).max(40),
  subscription_plan_id: planId,
});

export const ReservePromotionalCodeResponse = z.object({
  promotional_code: z.string(),
  promo_credits: z.number().int(),
  discount_percent: z.string(),
  /** The plan's price after the discount (the same as the plan's when the code gives credits). */
  price: z.string(),
});
export type ReservePromotionalCodeResponse = z.infer<typeof ReservePromotionalCodeResponse>;

export const DetachReservedCodesResponse = z.object({ released: z.number().int() });

export const PreOrderRequest = z.object({
  subscription_plan_id: planId,
  /** The wizard's id of this purchase: repeating the call with it answers the same checkout. */
  pre_order_id: z.uuid('El identificador de la compra no es válido'),
});

export const PreOrderResponse = z.object({
  id: z.number().int(),
  pre_order_id: z.string(),
  payment_gateway: z.enum(['sandbox', 'stripe']),
  /** The checkout session at the gateway: the stored pre-order payment gateway id. */
  payment_gateway_id: z.string(),
  /** The provider's script that mounts the card form (sandbox), or null. */
  script_url: z.string().nullable(),
  /** The provider's hosted payment page (Stripe), or null. */
  checkout_url: z.string().nullable(),
  subscription_plan_name: z.string(),
  credits: z.number().int(),
  gift_credits: z.number().int(),
  promo_credits: z.number().int(),
  price: z.string(),
  expires_at: z.string(),
});
export type PreOrderResponse = z.infer<typeof PreOrderResponse>;

export const CREDIT_PAYMENT_STATUSES = [
  'pending',
  'paid',
  'invoiced',
  'free',
  'expired',
  'refunded',
] as const;
export type CreditPaymentStatus = (typeof CREDIT_PAYMENT_STATUSES)[number];

/** Spec section 4: paid, invoiced (shown "Facturado"), free; and the states of a checkout. */
export const CREDIT_PAYMENT_STATUS_LABELS: Record<CreditPaymentStatus, string> = {
  pending: 'Pago pendiente',
  paid: 'Pagado',
  invoiced: 'Facturado',
  free: 'Gratis',
  expired: 'Expirado',
  refunded: 'Reembolsado',
};

export const GatewayOrderResponse = z.object({
  id: z.number().int(),
  status: z.enum(CREDIT_PAYMENT_STATUSES),
  subscription_plan_name: z.string(),
  credits_received: z.number().int(),
  user_total_remaining_credits: z.number().int(),
});
export type GatewayOrderResponse = z.infer<typeof GatewayOrderResponse>;

export const CreditPaymentInvoiceData = z.object({
  comprobante_id: z.number().int(),
  uuid: z.string(),
  serie: z.string(),
  folio: z.number().int().nullable(),
});

export const CreditPayment = z.object({
  id: z.number().int(),
  payment_method: z.string(),
  payment_gateway_order_id: z.string(),
  payment_date: z.string().nullable(),
  subscription_plan_name: z.string(),
  subscription_plan_amount: z.number().int(),
  subscription_plan_gift_amount: z.number().int(),
  promo_credits: z.number().int(),
  subscription_plan_price: z.string(),
  list_price: z.string(),
  credits_granted: z.number().int(),
  credits_removed: z.number().int(),
  status: z.enum(CREDIT_PAYMENT_STATUSES),
  reason: z.string(),
  invoice_data: CreditPaymentInvoiceData.nullable(),
});
export type CreditPayment = z.infer<typeof CreditPayment>;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export const GatewayIdParams = z.object({ id: z.string().min(1).max(200) });

const fecha = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD')
  .optional();

export const CREDIT_SPENDING_KINDS = ['spend', 'refund'] as const;
export const CREDIT_SPENDING_KIND_LABELS: Record<(typeof CREDIT_SPENDING_KINDS)[number], string> = {
  spend: 'Gasto',
  refund: 'Devolución',
};

export const CreditSpendingsQuery = PageQuery.extend({
  from: fecha,
  to: fecha,
  /** spend: a credit taken by a stamp; refund: given back when the PAC refused it. */
  type: z.enum(CREDIT_SPENDING_KINDS).optional(),
  /** The document's CFDI type (I ingreso, P pago, E egreso), or G: a global invoice (an I). */
  document_type: z.enum(['I', 'G', 'E', 'P', 'T', 'N']).optional(),
});

export const CreditSpending = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.enum(CREDIT_SPENDING_KINDS),
  credits: z.number().int(),
  balance_after: z.number().int(),
  document: z
    .object({
      id: z.number().int(),
      tipo: z.string(),
      /** A global invoice (CFDI type I with InformacionGlobal, from a serie of globals). */
      global: z.boolean(),
      serie: z.string(),
      folio: z.number().int().nullable(),
      uuid: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
});
export type CreditSpending = z.infer<typeof CreditSpending>;

/** POST facturacion/V40/facturas-ingreso/subscription-plan-invoice (spec section 7). */
export const SubscriptionPlanInvoiceRequest = z.object({
  client_enterprise_id: z.coerce.number().int().positive(),
  user_credit_payment_id: z.coerce.number().int().positive(),
});
