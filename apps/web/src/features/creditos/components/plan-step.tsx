import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { SubscriptionPlan } from '@repo/contracts/credits';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSubscriptionPlans } from '../api/subscription-plans.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

/** Step 1: the plans on sale as cards; choosing one goes on. */
export function PlanStep(props: {
  selectedId: number | null;
  onChoose: (p: SubscriptionPlan) => void;
}) {
  const plans = useSubscriptionPlans();
  if (plans.isPending) {
    return <Spinner animation="border" role="status" aria-label="Cargando paquetes" />;
  }
  if (plans.isError) {
    return <Alert variant="danger">No fue posible cargar los paquetes. Recargue la página.</Alert>;
  }
  if (plans.data.length === 0) {
    return <Alert variant="info">Por ahora no hay paquetes a la venta. Vuelva más tarde.</Alert>;
  }
  return (
    <Row xs={1} md={2} className="g-3">
      {plans.data.map((plan) => {
        const total = plan.credits + plan.gift_credits;
        const selected = plan.id === props.selectedId;
        return (
          <Col key={plan.id}>
            <Card
              className={`h-100 shadow-sm ${selected ? 'border-primary border-2' : ''}`}
              data-testid="plan-card"
            >
              <Card.Body className="d-flex flex-column">
                <Card.Title as="h3" className="h5 fw-bold">
                  {plan.name}
                </Card.Title>
                <p className="display-6 fw-bold mb-0">{NUMBER.format(total)}</p>
                <p className="text-body-secondary mb-2">
                  créditos
                  {plan.gift_credits > 0 &&
                    ` (${NUMBER.format(plan.credits)} + ${NUMBER.format(plan.gift_credits)} de regalo)`}
                </p>
                <p className="fs-5 fw-semibold mb-0">{formatCurrency(plan.price)}</p>
                <p className="small text-body-secondary">
                  IVA incluido · {formatCurrency(Number(plan.price) / total)} por timbre
                </p>
                <Button
                  className="mt-auto"
                  variant={selected ? 'primary' : 'outline-primary'}
                  onClick={() => props.onChoose(plan)}
                  aria-label={`Elegir ${plan.name}`}
                >
                  {selected ? 'Elegido' : 'Elegir'}
                </Button>
              </Card.Body>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
