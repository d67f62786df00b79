import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { FirstStepsChecklist } from '#src/features/inicio/components/first-steps-checklist.tsx';
import { RemainingCreditsCard } from '#src/features/inicio/components/remaining-credits-card.tsx';
import { ResumenInicio } from '#src/features/inicio/components/resumen-inicio.tsx';
import type { Capacidad } from '@repo/contracts/roles';
import { usePermisos } from '#src/shared/session/permisos.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { ROUTES } from '../router.tsx';

/**
 * The actions people take most; one shows only once its screen exists in the route table, and only
 * to a role that may take it (issue 27).
 */
const ACCIONES: { name: string; label: string; primary?: boolean; capacidad: Capacidad }[] = [
  {
    name: 'facturacion.facturas.nuevo',
    label: 'Nueva factura',
    primary: true,
    capacidad: 'emitir',
  },
  { name: 'facturacion.pagos-pendientes', label: 'Registrar pago', capacidad: 'emitir' },
  { name: 'buyCredits', label: 'Comprar créditos', capacidad: 'comprar' },
];

export default function InicioScreen() {
  const { user } = useSession();
  const permite = usePermisos();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const acciones = ACCIONES.flatMap((a) => {
    const route = ROUTES.find((r) => r.name === a.name);
    return route && !route.path.includes(':') && permite(a.capacidad)
      ? [{ ...a, path: route.path }]
      : [];
  });
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h3 fw-bold mb-1">{firstName ? `Hola, ${firstName}` : 'Inicio'}</h1>
          <p className="text-body-secondary mb-0">Este es el resumen de su cuenta.</p>
        </div>
        <div className="d-flex flex-wrap gap-2" data-testid="inicio-acciones">
          {acciones.map((a) => (
            <Link
              key={a.name}
              to={a.path}
              className={`btn ${a.primary ? 'btn-primary' : 'btn-outline-primary'}`}
            >
              {a.label}
            </Link>
          ))}
        </div>
      </div>
      <Row className="g-4">
        <Col lg={8}>
          <ResumenInicio />
        </Col>
        <Col lg={4} className="d-flex flex-column gap-4">
          <RemainingCreditsCard />
          <FirstStepsChecklist />
        </Col>
      </Row>
    </>
  );
}
