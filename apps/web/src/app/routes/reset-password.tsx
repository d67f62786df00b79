import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { checkResetToken } from '#src/features/sesion/api/reset-password.ts';
import { ResetPasswordRequestForm } from '#src/features/sesion/components/reset-password-request.tsx';
import { SetNewPasswordForm } from '#src/features/sesion/components/set-new-password-form.tsx';
import { errorMessageOf } from '#src/shared/http/api-error.ts';

function SetNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  // Spec section 5: the token's existence is checked before the set-password form is shown.
  const exists = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
  });
  if (exists.isPending) {
    return (
      <div className="text-center py-3" role="status">
        <Spinner size="sm" className="me-2" /> Verificando el enlace…
      </div>
    );
  }
  if (exists.isError) {
    return (
      <>
        <Alert variant="warning">
          {errorMessageOf(exists.error, 'El enlace para restablecer la contraseña no es válido.')}
        </Alert>
        <Link to="/reset-password" className="btn btn-primary w-100">
          Solicitar un nuevo enlace
        </Link>
      </>
    );
  }
  return (
    <SetNewPasswordForm
      token={token}
      onDone={(outcome) => {
        if (outcome.kind === 'initial-configuration') {
          void navigate(`/configuracion-inicial/${encodeURIComponent(outcome.newClientToken)}`);
        }
      }}
    />
  );
}

export default function ResetPasswordScreen() {
  const { passwordResetToken } = useParams();
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 440 }}>
      <Card.Body className="p-4 p-md-5">
        <h1 className="h3 fw-bold mb-3">
          {passwordResetToken ? 'Nueva contraseña' : 'Recuperar contraseña'}
        </h1>
        {passwordResetToken ? (
          <SetNewPassword token={passwordResetToken} />
        ) : (
          <ResetPasswordRequestForm />
        )}
        <p className="text-center small mt-4 mb-0">
          <Link to="/login">Volver a iniciar sesión</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
