import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { QuestionForm } from '#src/features/centro-de-ayuda/components/question-form.tsx';

export default function CentroDeAyudaScreen() {
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Centro de ayuda</h1>
      <p className="text-body-secondary mb-4">
        ¿Tiene dudas sobre su facturación? Escríbanos y le responderemos por correo electrónico.
      </p>
      <Row>
        <Col lg={8}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <QuestionForm />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
