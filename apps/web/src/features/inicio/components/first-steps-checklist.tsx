import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Placeholder from 'react-bootstrap/Placeholder';
import { getSession, updateUser } from '#src/shared/session/session-store.ts';
import {
  type FirstSteps,
  checkFirstStepsCompleted,
  firstStepsDone,
} from '../api/check-first-steps.ts';

const STEPS: { key: keyof FirstSteps; title: string; detail: string; to: string }[] = [
  {
    key: 'sellos_digitales_created',
    to: '/configuraciones/sellos-certificados-digitales',
    title: 'Registre sus sellos digitales (CSD)',
    detail: 'El certificado (.cer), la llave privada (.key) y su contraseña, emitidos por el SAT.',
  },
  {
    key: 'client_created',
    to: '/clientes/nuevo',
    title: 'Dé de alta a su primer cliente',
    detail: 'RFC, razón social, régimen fiscal y código postal tal como aparecen en su constancia.',
  },
  {
    key: 'product_service_created',
    to: '/productos-servicios/nuevo',
    title: 'Registre un producto o servicio',
    detail: 'Con su clave del catálogo del SAT, unidad de medida, precio y grupo de impuestos.',
  },
  {
    key: 'invoice_created',
    to: '/facturacion/facturas/nuevo',
    title: 'Emita su primera factura',
    detail: 'Timbre una factura de ingreso con sus datos ya configurados.',
  },
];

export function FirstStepsChecklist() {
  const query = useQuery({ queryKey: ['users', 'first-steps'], queryFn: checkFirstStepsCompleted });
  const done = query.data ? firstStepsDone(query.data) : false;

  useEffect(() => {
    const user = getSession().user;
    if (done && user && !user.first_steps_completed)
      updateUser({ ...user, first_steps_completed: true });
  }, [done]);

  const completed = query.data ? STEPS.filter((s) => query.data[s.key]).length : 0;
  return (
    <Card className="shadow-sm h-100" as="section" aria-labelledby="first-steps-title">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          <Card.Title as="h2" id="first-steps-title" className="h5 fw-bold mb-0">
            Primeros pasos
          </Card.Title>
          {query.data && (
            <span className="text-body-secondary small">
              {completed} de {STEPS.length} completados
            </span>
          )}
        </div>
        {query.isPending && (
          <Placeholder as="div" animation="glow" aria-label="Cargando primeros pasos">
            <Placeholder xs={12} className="mb-2" />
            <Placeholder xs={10} className="mb-2" />
            <Placeholder xs={11} />
          </Placeholder>
        )}
        {query.isError && (
          <Alert variant="warning" className="mb-0">
            No fue posible consultar su avance. Recargue la página para intentarlo de nuevo.
          </Alert>
        )}
        {query.data && (
          <>
            <ProgressBar
              now={(completed / STEPS.length) * 100}
              variant="success"
              className="mb-3"
              style={{ height: 6 }}
              aria-label="Avance de los primeros pasos"
            />
            {done && (
              <Alert variant="success">
                ¡Listo! Completó los primeros pasos: ya puede facturar.
              </Alert>
            )}
            <ListGroup variant="flush" as="ol" className="list-unstyled">
              {STEPS.map((step) => {
                const ok = query.data[step.key];
                return (
                  <ListGroup.Item
                    as="li"
                    key={step.key}
                    className="d-flex gap-3 px-0"
                    data-step={step.key}
                    data-done={ok}
                  >
                    <span
                      aria-hidden="true"
                      className={`rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 fw-bold ${ok ? 'bg-success text-white' : 'border border-2 text-body-secondary'}`}
                      style={{ width: 28, height: 28 }}
                    >
                      {ok ? '✓' : STEPS.indexOf(step) + 1}
                    </span>
                    <div>
                      <div
                        className={
                          ok ? 'text-decoration-line-through text-body-secondary' : 'fw-semibold'
                        }
                      >
                        {ok ? step.title : <Link to={step.to}>{step.title}</Link>}
                      </div>
                      <div className="small text-body-secondary">
                        {ok ? 'Completado' : step.detail}
                      </div>
                    </div>
                  </ListGroup.Item>
                );
              })}
            </ListGroup>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
