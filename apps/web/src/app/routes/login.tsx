import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '#src/features/sesion/components/login-form.tsx';

export default function LoginScreen() {
  const navigate = useNavigate();
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 440 }}>
      <Card.Body className="p-4 p-md-5">
        <h1 className="h3 fw-bold mb-1">Iniciar sesión</h1>
        <p className="text-body-secondary mb-4">Ingrese a su cuenta para facturar.</p>
        <LoginForm
          onDone={(outcome) => {
            // A signed-in session is sent on by the visitor guard, to the remembered target or home.
            if (outcome.kind === 'initial-configuration') {
              void navigate(`/configuracion-inicial/${encodeURIComponent(outcome.newClientToken)}`);
            }
          }}
        />
        <div className="d-flex justify-content-between mt-4 small">
          <Link to="/reset-password">¿Olvidó su contraseña?</Link>
          <Link to="/registro">Crear una cuenta</Link>
        </div>
      </Card.Body>
    </Card>
  );
}
