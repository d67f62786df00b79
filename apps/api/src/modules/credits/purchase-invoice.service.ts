import { eq } from 'drizzle-orm';
import { decimal, formatear, redondear } from '@repo/cfdi/decimal';
import { ClientRequest } from '@repo/contracts/clients';
import { FacturaDraftRequest } from '@repo/contracts/facturas';
import type { AppDeps } from '../../deps.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { PLATFORM_ISSUER_RFC, CREDITS_PRODUCT_CODE } from '../../db/seed/platform-issuer.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { clientCatalogsFrom } from '../clients/client-catalogs.ts';
import { findClientByRfc } from '../clients/clients.queries.ts';
import { createClient, updateClient } from '../clients/clients.service.ts';
import { findUserContact } from '../comprobantes/comprobantes.queries.ts';
import { findEntregable } from '../comprobantes/comprobantes.service.ts';
import { sendByEmail } from '../comprobantes/envio-email.service.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { createFactura } from '../facturas/factura-timbrado.service.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { findByInternalCode } from '../products-services/products-services.queries.ts';
import { listSeries } from '../series/series.queries.ts';
import { findEnterpriseId } from './credits-admin.service.ts';
import { findPayment, updatePayment } from './credit-payments.queries.ts';
import { PAGO_NO_EXISTE } from './credit-payments.service.ts';

/**
 * Invoicing a credit purchase (POST facturas-ingreso/subscription-plan-invoice): the platform's own
 * issuing enterprise stamps an income invoice (PUE) to the buyer's tax data through the shared
 * lifecycle (facturas → timbrado/emision), the plan as its concepto with IVA 16 %, forma de pago
 * from the card (04 crédito, 28 débito). The order becomes invoiced and the buyer gets the PDF and
 * the XML by e-mail. The invoice's idempotency key is the payment's, so a repeated request answers
 * the same invoice and never stamps a second one.
 */

export type PurchaseInvoiceDeps = Pick<
  AppDeps,
  'db' | 'config' | 'mailer' | 'catalogos' | 'now' | 'logger' | 'secret' | 'pac'
>;

export const EMISOR_NO_CONFIGURADO =
  'La facturación de las compras de créditos no está disponible por ahora. Escríbanos desde el Centro de ayuda y se la enviamos.';
export const SOLO_PAGADA_SE_FACTURA = 'Solo se factura una compra pagada.';
export const YA_FACTURADA = 'Esta compra ya fue facturada.';
export const datosFiscalesFaltantes = (faltan: string[]) =>
  `Para facturar su compra registre en Configuraciones › Mis datos fiscales: ${faltan.join(', ')}.`;

/** Regímenes whose receiver cannot use G03 (gastos en general): they get S01 (sin efectos fiscales). */
const SIN_G03 = new Set(['605', '606', '607', '608', '610', '611', '614', '615', '616']);

/** The base before IVA 16 % whose total, rounded as the SAT does, is exactly the price paid. */
export function baseAntesDeIva(precioConIva: string): string {
  const precio = decimal(precioConIva);
  let base = redondear(precio.dividedBy('1.16'), 2);
  for (let i = 0; i < 3; i++) {
    const total = base.plus(redondear(base.times('0.16'), 2));
    if (total.eq(precio)) break;
    base = total.gt(precio) ? base.minus('0.01') : base.plus('0.01');
  }
  return formatear(base, 2);
}

async function issuer(deps: PurchaseInvoiceDeps) {
  const rfc = deps.config.CREDITS_INVOICE_ISSUER_RFC || PLATFORM_ISSUER_RFC;
  const unavailable = () =>
    new AppError('UNAVAILABLE', EMISOR_NO_CONFIGURADO, { showToClient: true });
  const enterpriseId = await findEnterpriseId(deps.db, rfc).catch(() => {
    throw unavailable();
  });
  const [serie] = await listSeries(deps.db, enterpriseId, 'facturas-ingreso');
  const product = await findByInternalCode(deps.db, enterpriseId, CREDITS_PRODUCT_CODE, null);
  const iva16 = (await getImpuestos(deps.db, enterpriseId, 'trasladado')).find(
    (t) => t.tax_type === 'IVA' && t.value === '0.160000',
  );
  if (!serie || !product || !iva16) {
    deps.logger.error({ rfc }, 'credit purchase invoice issuer lacks its serie, product or IVA');
    throw unavailable();
  }
  return { enterpriseId, serieId: serie.id, productId: product.id, iva16Id: iva16.id };
}

/**
 * E-mails the purchase's invoice (PDF and XML) to the buyer, recorded with the invoice's sendings
 * (a refusal of the mail server as 'fallido'). Run after the answer: rendering the PDF and talking to
 * the mail server took most of the request's seconds, and the invoice is already in the detail.
 */
async function enviarFacturaDeCompra(
  deps: PurchaseInvoiceDeps,
  enterpriseId: number,
  comprobanteId: number,
  email: string,
): Promise<void> {
  try {
    await sendByEmail(deps, {
      enterpriseId,
      // Sent by the product, not by a user of the issuing enterprise: recorded with no sender.
      userId: null,
      comprobanteId,
      body: { emails: [email], comprobante_type: 'factura_ingreso' },
    });
  } catch (error) {
    // The invoice is stamped and shown in the detail; the e-mail can be asked for again there.
    deps.logger.error({ err: error, comprobanteId }, 'credit purchase invoice e-mail not sent');
  }
}

export async function invoiceCreditPurchase(
  deps: PurchaseInvoiceDeps,
  auth: AuthContext,
  input: { client_enterprise_id: number; user_credit_payment_id: number },
) {
  if (input.client_enterprise_id !== auth.enterpriseId) {
    throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  }
  const payment = await findPayment(deps.db, auth.enterpriseId, input.user_credit_payment_id);
  if (!payment) throw new AppError('NOT_FOUND', PAGO_NO_EXISTE);
  if (payment.status === 'invoiced')
    throw new AppError('CONFLICT', YA_FACTURADA, { showToClient: true });
  if (payment.status !== 'paid') {
    throw new AppError('CONFLICT', SOLO_PAGADA_SE_FACTURA, { showToClient: true });
  }
  const datos = await findDatosFiscales(deps.db, auth.enterpriseId);
  const faltan = [
    !datos?.rfc && 'RFC',
    !datos?.razon_social && 'razón social',
    !datos?.regimen_fiscal && 'régimen fiscal',
    !/^\d{5}$/.test(datos?.codigo_postal ?? '') && 'código postal',
  ].filter((x): x is string => Boolean(x));
  if (!datos || faltan.length > 0) {
    throw new AppError('VALIDATION', datosFiscalesFaltantes(faltan), { showToClient: true });
  }
  const emisor = await issuer(deps);
  const user = await findUserContact(deps.db, auth.userId);
  // The buyer as a client of the issuer, with the tax data it has today.
  const client = ClientRequest.parse({
    name_razon_social: datos.razon_social,
    rfc: datos.rfc,
    usoCfdi: SIN_G03.has(datos.regimen_fiscal) ? 'S01' : 'G03',
    regimenFiscal: datos.regimen_fiscal,
    metodoPago: 'PUE',
    formaPago: payment.card_funding === 'debit' ? '28' : '04',
    email: user?.email ?? '',
    address: { codigo_postal: datos.codigo_postal },
    description: `Empresa ${auth.enterpriseId} de la plataforma`,
  });
  const catalogs = clientCatalogsFrom(deps.catalogos, deps.now);
  const known = await findClientByRfc(deps.db, emisor.enterpriseId, datos.rfc, null);
  const clientId = known
    ? (await updateClient(deps.db, catalogs, emisor.enterpriseId, known.id, client)).id
    : (await createClient(deps.db, catalogs, emisor.enterpriseId, client)).id;

  const stamped = await createFactura(
    deps,
    emisor.enterpriseId,
    FacturaDraftRequest.parse({
      client_id: clientId,
      serie_id: emisor.serieId,
      forma_pago: client.formaPago,
      metodo_pago: 'PUE',
      uso_cfdi: client.usoCfdi,
      partidas: [
        {
          product_service_id: emisor.productId,
          cantidad: '1',
          precio_unitario: baseAntesDeIva(payment.subscription_plan_price),
          descripcion: `${payment.subscription_plan_name}: ${payment.credits_granted} créditos de timbrado de CFDI`,
          impuestos_trasladados: [emisor.iva16Id],
        },
      ],
      idempotency_key: `compra-creditos-${auth.enterpriseId}-${payment.id}`,
    }),
  );
  const comprobanteId = stamped.factura.id;
  await updatePayment(deps.db, auth.enterpriseId, payment.id, {
    status: 'invoiced',
    invoice_comprobante_id: comprobanteId,
  });
  // The buyer waits for the stamp only: the PDF and the mail server answer after the response.
  if (user?.email) void enviarFacturaDeCompra(deps, emisor.enterpriseId, comprobanteId, user.email);
  return { comprobanteId, issuerEnterpriseId: emisor.enterpriseId };
}

/** The stamped invoice of one of the enterprise's purchases (its PDF and XML for the detail). */
export async function purchaseInvoice(
  deps: Pick<PurchaseInvoiceDeps, 'db'>,
  auth: AuthContext,
  paymentId: number,
) {
  const payment = await findPayment(deps.db, auth.enterpriseId, paymentId);
  if (!payment?.invoice_comprobante_id) {
    throw new AppError('NOT_FOUND', 'Esta compra todavía no tiene factura.');
  }
  const [row] = await deps.db
    .select({ enterpriseId: comprobantes.enterprise_id })
    .from(comprobantes)
    .where(eq(comprobantes.id, payment.invoice_comprobante_id));
  if (!row) throw new AppError('NOT_FOUND', 'Esta compra todavía no tiene factura.');
  return findEntregable(deps, row.enterpriseId, payment.invoice_comprobante_id);
}
