import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { verInvitacion } from '#src/features/equipo/api/equipo-api.ts';
import { AceptarInvitacionForm } from '#src/features/equipo/components/aceptar-invitacion.tsx';
import { errorMessageOf } from '#src/shared/http/api-error.ts';

/** /invitacion/:token: the link of an invitation to an enterprise (issue 27). */
export default function InvitacionScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: ['invitacion', token],
    queryFn: () => verInvitacion(token),
    retry: false,
  });
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 480 }}>
      <Card.Body className="p-4 p-md-5">
        <h1 className="h3 fw-bold mb-3">Invitación</h1>
        {info.isPending && (
          <div className="text-center py-3" role="status">
            <Spinner size="sm" className="me-2" /> Verificando la invitación…
          </div>
        )}
        {info.isError && (
          <Alert variant="warning" data-testid="invitacion-invalida">
            {errorMessageOf(info.error, 'La invitación no es válida.')}
          </Alert>
        )}
        {info.data && (
          <AceptarInvitacionForm
            token={token}
            info={info.data}
            onDone={(outcome) => {
              if (outcome.kind === 'initial-configuration') {
                void navigate(
                  `/configuracion-inicial/${encodeURIComponent(outcome.newClientToken)}`,
                );
              } else void navigate('/', { replace: true });
            }}
          />
        )}
        <p className="text-center small mt-4 mb-0">
          <Link to="/login">Ir a iniciar sesión</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
