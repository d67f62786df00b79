import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useCreditPayment } from '../api/credit-payments.ts';
import { CreditPaymentStatusBadge } from './credit-payment-status.tsx';
import { formatDateTime } from './format-date.ts';
import { PurchaseInvoicePanel } from './purchase-invoice-panel.tsx';

const NUMBER = new Intl.NumberFormat('es-MX');

function Field(props: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="col-sm-5 col-lg-4 text-body-secondary fw-normal">{props.label}</dt>
      <dd className="col-sm-7 col-lg-8" data-testid={props.testId}>
        {props.children}
      </dd>
    </>
  );
}

/** /mis-compras-de-creditos/detalle/:id: one order with what was paid, how, and its invoice. */
export function CreditPaymentDetail({ id }: { id: number }) {
  const payment = useCreditPayment(id);
  if (payment.isPending) return <ListLoading />;
  if (payment.isError) {
    return (
      <Alert variant="warning">
        La compra no existe.{' '}
        <Alert.Link as={Link} to="/mis-compras-de-creditos">
          Volver a mis compras
        </Alert.Link>
      </Alert>
    );
  }
  const p = payment.data;
  const isFree = p.status === 'free';
  return (
    <>
      <Link to="/mis-compras-de-creditos" className="small">
        ← Mis compras de créditos
      </Link>
      <h1 className="h3 fw-bold mt-2 mb-4">Detalle de la compra</h1>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <dl className="row mb-0">
            <Field label="Estatus" testId="payment-status">
              <CreditPaymentStatusBadge status={p.status} />
            </Field>
            <Field label="Paquete">{p.subscription_plan_name}</Field>
            <Field label="Fecha de pago">{formatDateTime(p.payment_date)}</Field>
            <Field label="Créditos del paquete">{NUMBER.format(p.subscription_plan_amount)}</Field>
            <Field label="Créditos de regalo">
              {NUMBER.format(p.subscription_plan_gift_amount + p.promo_credits)}
            </Field>
            {p.credits_removed > 0 && (
              <Field label="Créditos retirados por el reembolso">
                {NUMBER.format(p.credits_removed)}
              </Field>
            )}
            {isFree ? (
              <Field label="Motivo">{p.reason || 'Créditos sin costo'}</Field>
            ) : (
              <>
                <Field label="Precio (IVA incluido)" testId="payment-price">
                  {formatCurrency(p.subscription_plan_price)}
                  {p.list_price !== p.subscription_plan_price && (
                    <span className="text-body-secondary small">
                      {' '}
                      (precio de lista {formatCurrency(p.list_price)})
                    </span>
                  )}
                </Field>
                <Field label="Forma de pago" testId="payment-method">
                  {p.payment_method || '—'}
                </Field>
                <Field label="Número de orden de la pasarela">
                  <span className="font-monospace" data-testid="gateway-order-id">
                    {p.payment_gateway_order_id || '—'}
                  </span>
                </Field>
              </>
            )}
          </dl>
        </Card.Body>
      </Card>
      <PurchaseInvoicePanel payment={p} />
    </>
  );
}
