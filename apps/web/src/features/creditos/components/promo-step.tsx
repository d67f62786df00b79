import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { ReservePromotionalCodeResponse, SubscriptionPlan } from '@repo/contracts/credits';
import { ApiError } from '#src/shared/http/api-error.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { detachReservedCodes, reservePromotionalCode } from '../api/promotional-codes.ts';

/** Step 2: an optional promotional code, reserved for this purchase (spec section 8, item 8). */
export function PromoStep(props: {
  plan: SubscriptionPlan;
  promo: ReservePromotionalCodeResponse | null;
  onPromo: (promo: ReservePromotionalCodeResponse | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    setError(null);
    if (code.trim() === '') {
      setError('Escriba el código promocional');
      return;
    }
    setBusy(true);
    try {
      props.onPromo(
        await reservePromotionalCode({
          promotional_code: code.trim(),
          subscription_plan_id: props.plan.id,
        }),
      );
      setCode('');
    } catch (e) {
      setError(
        e instanceof ApiError
          ? (e.apiErrorClientMessage ?? e.message)
          : 'No fue posible aplicar el código.',
      );
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await detachReservedCodes();
      props.onPromo(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {props.promo ? (
        <Alert variant="success" className="d-flex justify-content-between align-items-center">
          <span data-testid="promo-applied">
            Código <strong>{props.promo.promotional_code}</strong> aplicado:{' '}
            {props.promo.promo_credits > 0
              ? `+${props.promo.promo_credits} créditos de regalo`
              : `${Number(props.promo.discount_percent)} % de descuento, paga ${formatCurrency(props.promo.price)}`}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => void remove()}
            disabled={busy}
          >
            Quitar código
          </Button>
        </Alert>
      ) : (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <Form.Label htmlFor="promotional-code">
            ¿Tiene un código promocional? (opcional)
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id="promotional-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              isInvalid={error !== null}
              autoComplete="off"
              maxLength={40}
            />
            <Button type="submit" variant="outline-primary" disabled={busy}>
              Aplicar
            </Button>
            <Form.Control.Feedback type="invalid" data-testid="promo-error">
              {error}
            </Form.Control.Feedback>
          </InputGroup>
        </Form>
      )}
      <div className="d-flex justify-content-between mt-4">
        <Button variant="outline-secondary" onClick={props.onBack}>
          Anterior
        </Button>
        <Button onClick={props.onNext}>
          {props.promo ? 'Continuar al pago' : 'Continuar sin código'}
        </Button>
      </div>
    </div>
  );
}
