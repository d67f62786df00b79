import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ROUTES } from '../router.tsx';

/** The documents of the invoicing menu, in order; a card shows once its route is in the route table. */
const DOCUMENTS: { name: string; title: string; text: string }[] = [
  {
    name: 'facturacion.facturas',
    title: 'Facturas',
    text: 'Emita facturas de ingreso, guarde pre facturas, descargue el PDF y el XML, compártalas y cancélelas.',
  },
  {
    name: 'facturacion.pagos-pendientes',
    title: 'Pagos pendientes',
    text: 'Vea lo que le deben sus facturas PPD y registre cada pago con su complemento de pago.',
  },
  {
    name: 'facturacion.facturas-globales',
    title: 'Facturas globales',
    text: 'Emita la factura global de sus ventas al público en general por mes y año.',
  },
];

export default function FacturacionScreen() {
  const cards = DOCUMENTS.flatMap((document) => {
    const route = ROUTES.find((r) => r.name === document.name);
    return route ? [{ ...document, path: route.path }] : [];
  });
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
