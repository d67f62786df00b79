import Card from 'react-bootstrap/Card';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Welcome } from '#src/features/registro/components/welcome.tsx';

export default function BienvenidoScreen() {
  const { newClientToken = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 p-md-5">
        <h1 className="h3 fw-bold mb-4">Bienvenido a Facturación CFDI</h1>
        <Welcome
          newClientToken={newClientToken}
          search={search}
          onContinue={(token) =>
            void navigate(`/configuracion-inicial/${encodeURIComponent(token)}`)
          }
        />
      </Card.Body>
    </Card>
  );
}
