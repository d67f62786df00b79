import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { REMAINING_CREDITS_QUERY_KEY } from '#src/shared/session/remaining-credits.ts';
import { setTotalRemainingCredits } from '#src/shared/session/session-store.ts';
import { useGatewayOrder } from '../api/gateway-order.ts';
import { clearStoredPreOrderGatewayId, storedPreOrderGatewayId } from '../api/pre-order.ts';
import { CREDIT_PAYMENTS_KEY } from '../api/credit-payments.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

/**
 * /comprar-creditos/check-out: waits for the order from the gateway (paid once the gateway's
 * verified webhook arrived) and shows the credits received; the header's count follows at once.
 */
export function CheckOut() {
  const [params] = useSearchParams();
  const gatewayId = params.get('payment_gateway_id') ?? storedPreOrderGatewayId();
  const order = useGatewayOrder(gatewayId);
  const queryClient = useQueryClient();
  const status = order.data?.status;
  const total = order.data?.user_total_remaining_credits;

  useEffect(() => {
    if (status !== 'paid' || total === undefined) return;
    queryClient.setQueryData(REMAINING_CREDITS_QUERY_KEY, total);
    setTotalRemainingCredits(total);
    void queryClient.invalidateQueries({ queryKey: CREDIT_PAYMENTS_KEY });
    clearStoredPreOrderGatewayId();
  }, [status, total, queryClient]);

  let body;
  if (!gatewayId || order.isError) {
    body = (
      <Alert variant="warning" className="mb-0">
        No encontramos una compra en curso.{' '}
        <Alert.Link as={Link} to="/comprar-creditos">
          Comprar créditos
        </Alert.Link>
      </Alert>
    );
  } else if (!order.data || status === 'pending') {
    body = (
      <div className="d-flex align-items-center gap-3" role="status" data-testid="checkout-waiting">
        <Spinner animation="border" />
        <div>
          <p className="mb-0 fw-semibold">Confirmando su pago con la pasarela…</p>
          <p className="mb-0 small text-body-secondary">
            Sus créditos se abonan en cuanto la pasarela nos confirma el cobro; suele tardar unos
            segundos. Puede salir de esta página: la compra no se pierde.
          </p>
        </div>
      </div>
    );
  } else if (status === 'paid' || status === 'invoiced') {
    body = (
      <div data-testid="checkout-done">
        <p className="h4 fw-bold text-success mb-2">¡Pago recibido!</p>
        <p className="mb-1">
          Recibió{' '}
          <strong data-testid="credits-received">
            {NUMBER.format(order.data.credits_received)}
          </strong>{' '}
          créditos ({order.data.subscription_plan_name}).
        </p>
        <p className="text-body-secondary">
          Ahora tiene {NUMBER.format(order.data.user_total_remaining_credits)} créditos disponibles.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-primary" to="/facturacion/facturas/nuevo">
            Emitir una factura
          </Link>
          <Link
            className="btn btn-outline-primary"
            to={`/mis-compras-de-creditos/detalle/${order.data.id}`}
          >
            Ver mi compra
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <Alert variant="warning" className="mb-0">
        {status === 'refunded'
          ? 'Este pago fue reembolsado.'
          : 'El pago no se completó y la sesión de pago expiró; no se hizo ningún cargo.'}{' '}
        <Alert.Link as={Link} to="/comprar-creditos">
          Volver a comprar créditos
        </Alert.Link>
      </Alert>
    );
  }

  return (
    <>
      <h1 className="h3 fw-bold mb-4">Compra de créditos</h1>
      <Card className="shadow-sm">
        <Card.Body>{body}</Card.Body>
      </Card>
    </>
  );
}
