import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FirstStepsChecklist } from '#src/features/inicio/components/first-steps-checklist.tsx';
import { RemainingCreditsCard } from '#src/features/inicio/components/remaining-credits-card.tsx';
import { useSession } from '#src/shared/session/session-store.ts';

export default function InicioScreen() {
  const { user } = useSession();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <>
      <h1 className="h3 fw-bold mb-1">{firstName ? `Hola, ${firstName}` : 'Inicio'}</h1>
      <p className="text-body-secondary mb-4">Este es el resumen de su cuenta.</p>
      <Row className="g-4">
        <Col lg={8}>
          <FirstStepsChecklist />
        </Col>
        <Col lg={4}>
          <RemainingCreditsCard />
        </Col>
      </Row>
    </>
  );
}
