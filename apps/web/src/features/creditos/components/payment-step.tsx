import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { PreOrderResponse } from '@repo/contracts/credits';
import { ApiError } from '#src/shared/http/api-error.ts';
import { createPreOrder } from '../api/pre-order.ts';
import { loadCardProvider } from '../api/provider-script.ts';

/**
 * Step 3: the pre-order opens the checkout at the gateway; the sandbox's card form mounts here (the
 * card goes to the provider, never to our API), or the buyer goes to Stripe's hosted page. Once the
 * provider says the payment went through, the check-out page waits for the order.
 */
export function PaymentStep(props: {
  planId: number;
  preOrderId: string;
  onBack: () => void;
  onPaid: (gatewayId: string) => void;
}) {
  const { planId, preOrderId, onPaid } = props;
  const [order, setOrder] = useState<PreOrderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  }, [onPaid]);

  useEffect(() => {
    let cancelled = false;
    createPreOrder({ subscription_plan_id: planId, pre_order_id: preOrderId }).then(
      (o) => !cancelled && setOrder(o),
      (e: unknown) =>
        !cancelled &&
        setError(
          e instanceof ApiError
            ? (e.apiErrorClientMessage ?? e.message)
            : 'No fue posible iniciar el pago.',
        ),
    );
    return () => {
      cancelled = true;
    };
  }, [planId, preOrderId]);

  useEffect(() => {
    if (!order?.script_url || !mountRef.current) return;
    const target = mountRef.current;
    let mounted: { unmount(): void } | null = null;
    let cancelled = false;
    loadCardProvider(order.script_url).then(
      (provider) => {
        if (cancelled) return;
        mounted = provider.mount(target, {
          sessionId: order.payment_gateway_id,
          onComplete: () => onPaidRef.current(order.payment_gateway_id),
          onError: (e) => setCardError(e.message),
        });
      },
      (e: unknown) => !cancelled && setError((e as Error).message),
    );
    return () => {
      cancelled = true;
      mounted?.unmount();
    };
  }, [order]);

  return (
    <div>
      {error && <Alert variant="danger">{error}</Alert>}
      {!order && !error && (
        <div className="d-flex align-items-center gap-2 py-4">
          <Spinner animation="border" size="sm" /> Preparando el pago seguro…
        </div>
      )}
      {order?.script_url && (
        <>
          <p className="small text-body-secondary">
            Los datos de su tarjeta van directo a la pasarela de pagos; nosotros no los vemos ni los
            guardamos.
          </p>
          <div ref={mountRef} data-testid="card-form-mount" className="border rounded bg-white" />
          {cardError && (
            <p className="small text-danger mt-2 mb-0" role="status">
              El pago no se realizó: {cardError}. Puede intentar con otra tarjeta.
            </p>
          )}
        </>
      )}
      {order?.checkout_url && (
        <Button size="lg" onClick={() => window.location.assign(order.checkout_url ?? '')}>
          Pagar con tarjeta en la página segura de Stripe
        </Button>
      )}
      <div className="mt-4">
        <Button variant="outline-secondary" onClick={props.onBack}>
          Anterior
        </Button>
      </div>
    </div>
  );
}
