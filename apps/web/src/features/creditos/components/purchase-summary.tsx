import Card from 'react-bootstrap/Card';
import type { ReservePromotionalCodeResponse, SubscriptionPlan } from '@repo/contracts/credits';
import { formatCurrency } from '#src/shared/format/currency.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

/** The wizard's side card: what the buyer gets and pays so far. */
export function PurchaseSummary(props: {
  plan: SubscriptionPlan | null;
  promo: ReservePromotionalCodeResponse | null;
}) {
  const { plan, promo } = props;
  if (!plan) {
    return (
      <Card className="shadow-sm">
        <Card.Body className="text-body-secondary">Elija un paquete para ver el resumen.</Card.Body>
      </Card>
    );
  }
  const promoCredits = promo?.promo_credits ?? 0;
  const total = plan.credits + plan.gift_credits + promoCredits;
  const price = promo?.price ?? plan.price;
  return (
    <Card
      className="shadow-sm"
      as="aside"
      aria-labelledby="summary-title"
      data-testid="purchase-summary"
    >
      <Card.Body>
        <Card.Title as="h2" id="summary-title" className="h6 text-uppercase text-body-secondary">
          Resumen de su compra
        </Card.Title>
        <dl className="row mb-0 small">
          <dt className="col-7 fw-normal">{plan.name}</dt>
          <dd className="col-5 text-end mb-1">{NUMBER.format(plan.credits)} créditos</dd>
          {plan.gift_credits > 0 && (
            <>
              <dt className="col-7 fw-normal">Regalo del paquete</dt>
              <dd className="col-5 text-end mb-1">+{NUMBER.format(plan.gift_credits)}</dd>
            </>
          )}
          {promoCredits > 0 && (
            <>
              <dt className="col-7 fw-normal">Código {promo?.promotional_code}</dt>
              <dd className="col-5 text-end mb-1">+{NUMBER.format(promoCredits)}</dd>
            </>
          )}
          <dt className="col-7">Créditos que recibe</dt>
          <dd className="col-5 text-end fw-bold mb-2" data-testid="summary-credits">
            {NUMBER.format(total)}
          </dd>
          {promo && Number(promo.discount_percent) > 0 && (
            <>
              <dt className="col-7 fw-normal">Precio del paquete</dt>
              <dd className="col-5 text-end mb-1 text-decoration-line-through">
                {formatCurrency(plan.price)}
              </dd>
              <dt className="col-7 fw-normal">Descuento {promo.promotional_code}</dt>
              <dd className="col-5 text-end mb-1">-{Number(promo.discount_percent)} %</dd>
            </>
          )}
          <dt className="col-7 border-top pt-2">Total a pagar (IVA incluido)</dt>
          <dd
            className="col-5 text-end fw-bold fs-5 border-top pt-2 mb-0"
            data-testid="summary-price"
          >
            {formatCurrency(price)}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
