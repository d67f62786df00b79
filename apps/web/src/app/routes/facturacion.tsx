import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import type { AppRoute } from '../route-meta.ts';
import { ROUTES } from '../router.tsx';

/**
 * The documents of the invoicing menu, in the route table's order: each type declares its card with
 * its routes (`menuFacturacion`, decision 012).
 */
export function menuFacturacion(routes: readonly AppRoute[]) {
  return routes.flatMap((r) =>
    r.menuFacturacion === undefined
      ? []
      : [{ name: r.name, title: r.title, text: r.menuFacturacion, path: r.path }],
  );
}

export default function FacturacionScreen() {
  const cards = menuFacturacion(ROUTES);
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Facturación</h1>
      <p className="text-body-secondary mb-4">
        Elija el tipo de comprobante con el que desea trabajar.
      </p>
      <Row className="g-4">
        {cards.map((card) => (
          <Col md={6} lg={4} key={card.name}>
            <Card className="h-100 shadow-sm">
              <Card.Body className="p-4 d-flex flex-column">
                <Card.Title as="h2" className="h5 fw-bold">
                  {card.title}
                </Card.Title>
                <Card.Text className="text-body-secondary flex-grow-1">{card.text}</Card.Text>
                <Link to={card.path} className="btn btn-primary align-self-start">
                  Ir a {card.title.toLowerCase()}
                </Link>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
