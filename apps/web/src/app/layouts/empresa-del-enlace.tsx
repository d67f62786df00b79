import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useNavigate } from 'react-router';
import { cambiarAEmpresa } from '#src/features/empresas/api/cambiar-empresa.ts';
import { decidirEnlace, sinEmpresa } from '#src/features/empresas/model/enlace-empresa.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useSession } from '#src/shared/session/session-store.ts';

const AJENA =
  'Este enlace es de una empresa a la que usted no pertenece. Pida acceso a su propietario, o inicie sesión con la cuenta que sí pertenece a ella.';

function mensajeDe(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return AJENA;
  return inlineErrorOf(error) ?? 'No fue posible abrir la empresa de este enlace.';
}

/**
 * A link of one of the user's enterprises (`?empresa={id}`, issue 27) opened while another is
 * active: switches to it first, then shows the screen, so a document's detail is asked of the
 * enterprise it belongs to; an enterprise the user is not in is refused with a Spanish message and
 * the user stays where they were. Without the parameter the screen shows as is.
 */
export function EmpresaDelEnlace(props: { children: ReactNode; loader: ReactNode }) {
  const { enterprise } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const decision = decidirEnlace(location.search, enterprise?.id ?? null);
  const [rechazo, setRechazo] = useState<string | null>(null);
  // One switch per link, even when React runs the effect twice: a second call would present the
  // token the first one revoked.
  const pedido = useRef<string | null>(null);
  const destino = decision.accion === 'cambiar' ? decision.enterpriseId : null;

  useEffect(() => {
    const limpio = { pathname: location.pathname, search: sinEmpresa(location.search) };
    if (decision.accion === 'quitar') {
      void navigate(limpio, { replace: true });
      return;
    }
    if (destino === null) return;
    const clave = `${location.pathname}${location.search}`;
    if (pedido.current === clave) return;
    pedido.current = clave;
    setRechazo(null);
    cambiarAEmpresa(destino).then(
      (nombre) => {
        notify('success', `Ahora trabaja en ${nombre}.`);
        void navigate(limpio, { replace: true });
      },
      (error: unknown) => setRechazo(mensajeDe(error)),
    );
  }, [decision.accion, destino, location.pathname, location.search, navigate]);

  if (decision.accion === 'invalida' || rechazo) {
    return (
      <Alert variant="warning" data-testid="enlace-empresa-rechazado">
        <h1 className="h5 fw-bold">No es posible abrir este enlace</h1>
        <p>{decision.accion === 'invalida' ? AJENA : rechazo}</p>
        <Link to="/" className="btn btn-outline-secondary btn-sm">
          Seguir en {enterprise?.nombre_comercial || enterprise?.razon_social || 'mi empresa'}
        </Link>
      </Alert>
    );
  }
  if (decision.accion !== 'ninguna') return props.loader;
  return props.children;
}
