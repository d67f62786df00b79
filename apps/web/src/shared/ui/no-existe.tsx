import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';

/**
 * A document asked for by a wrong or foreign id: it says it does not exist (reloading would not
 * help) and leads back to its list.
 */
export function NoExiste(props: { mensaje: string; to: string; volver: string }) {
  return (
    <Alert variant="warning" data-testid="no-existe">
      <p>{props.mensaje}</p>
      <Link to={props.to} className="btn btn-outline-secondary btn-sm">
        {props.volver}
      </Link>
    </Alert>
  );
}
