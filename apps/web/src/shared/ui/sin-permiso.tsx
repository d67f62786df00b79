import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ROL_ETIQUETA, type Capacidad, type Rol } from '@repo/contracts/roles';

/**
 * A screen the active enterprise's role may not use, opened by its address (issue 27): it says so
 * and why, without calling the API (which would refuse and end the session, spec section 8.3). An
 * administrator kept from buying credits learns it is the owner's choice, not their role.
 */
export function SinPermiso({ rol, capacidad }: { rol: Rol | null; capacidad?: Capacidad }) {
  if (rol === 'administrador' && capacidad === 'comprar') {
    return (
      <Alert variant="warning" data-testid="sin-permiso">
        <h1 className="h5 fw-bold">La compra de créditos no está disponible para usted</h1>
        <p>
          El propietario de esta empresa decidió que los administradores no compren créditos. Si
          necesita comprarlos, pídale que lo permita en Configuraciones → Usuarios.
        </p>
        <Link to="/" className="btn btn-outline-secondary btn-sm">
          Ir al inicio
        </Link>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" data-testid="sin-permiso">
      <h1 className="h5 fw-bold">Esta pantalla no está disponible para su rol</h1>
      <p>
        Su rol en esta empresa es <strong>{rol ? ROL_ETIQUETA[rol] : 'sin asignar'}</strong>. Si
        necesita usarla, pida al propietario de la empresa que cambie su rol.
      </p>
      <Link to="/" className="btn btn-outline-secondary btn-sm">
        Ir al inicio
      </Link>
    </Alert>
  );
}
