import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { RegisterForm } from '#src/features/registro/components/register-form.tsx';
import { RegistrationSent } from '#src/features/registro/components/registration-sent.tsx';

export default function RegistroScreen() {
  const [registered, setRegistered] = useState<{ newClientToken: string; email: string } | null>(
    null,
  );
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 p-md-5">
        <h1 className="h3 fw-bold mb-1">Cree su cuenta</h1>
        {registered ? (
          <div className="mt-4">
            <RegistrationSent newClientToken={registered.newClientToken} email={registered.email} />
          </div>
        ) : (
          <>
            <p className="text-body-secondary mb-4">
              Emita facturas CFDI 4.0, complementos de pago y facturas globales desde su navegador.
            </p>
            <RegisterForm onRegistered={setRegistered} />
            <p className="text-center small mt-4 mb-0">
              ¿Ya tiene una cuenta? <Link to="/login">Inicie sesión</Link>
            </p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
