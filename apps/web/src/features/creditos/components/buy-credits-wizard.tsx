import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import type { ReservePromotionalCodeResponse, SubscriptionPlan } from '@repo/contracts/credits';
import { detachReservedCodes } from '../api/promotional-codes.ts';
import { PaymentStep } from './payment-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { PromoStep } from './promo-step.tsx';
import { PurchaseSummary } from './purchase-summary.tsx';

export const WIZARD_STEPS = ['Elija su paquete', 'Código promocional', 'Pago con tarjeta'] as const;

/**
 * /comprar-creditos: a payment wizard starting at step 1 (spec section 2). Leaving it at any step
 * charges nothing: the checkout expires by itself and releases the code.
 */
export function BuyCreditsWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [plan, setPlan] = useState<SubscriptionPlan | null>(null);
  const [promo, setPromo] = useState<ReservePromotionalCodeResponse | null>(null);
  // One id per purchase attempt: a new plan or a new code starts a new pre-order.
  const [preOrderId, setPreOrderId] = useState(() => crypto.randomUUID());

  const choose = (next: SubscriptionPlan) => {
    if (promo && next.id !== plan?.id) {
      void detachReservedCodes();
      setPromo(null);
    }
    setPlan(next);
    setPreOrderId(crypto.randomUUID());
    setStep(2);
  };

  return (
    <>
      <h1 className="h3 fw-bold mb-1">Comprar créditos</h1>
      <p className="text-body-secondary">
        Cada factura, factura global o complemento de pago timbrado consume un crédito.
      </p>
      <ol className="list-unstyled d-flex flex-wrap gap-3 mb-4" aria-label="Pasos de la compra">
        {WIZARD_STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={step === i + 1 ? 'fw-bold text-primary' : 'text-body-secondary'}
          >
            <span className="badge rounded-pill me-1 text-bg-light border">{i + 1}</span>
            {label}
          </li>
        ))}
      </ol>
      <Row className="g-4">
        <Col lg={8}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5 mb-3" data-testid="wizard-step">
                Paso {step} de {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
              </h2>
              {step === 1 && <PlanStep selectedId={plan?.id ?? null} onChoose={choose} />}
              {step === 2 && plan && (
                <PromoStep
                  plan={plan}
                  promo={promo}
                  onPromo={(p) => {
                    setPromo(p);
                    setPreOrderId(crypto.randomUUID());
                  }}
                  onBack={() => setStep(1)}
                  onNext={() => setStep(3)}
                />
              )}
              {step === 3 && plan && (
                <PaymentStep
                  planId={plan.id}
                  preOrderId={preOrderId}
                  onBack={() => {
                    setPreOrderId(crypto.randomUUID());
                    setStep(2);
                  }}
                  onPaid={(id) =>
                    void navigate(
                      `/comprar-creditos/check-out?payment_gateway_id=${encodeURIComponent(id)}`,
                    )
                  }
                />
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <PurchaseSummary plan={plan} promo={promo} />
        </Col>
      </Row>
    </>
  );
}
