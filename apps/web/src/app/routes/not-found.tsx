import { useEffect } from 'react';
import { Link } from 'react-router';
import { VisitorFrame } from '../layouts/visitor-frame.tsx';

export function NotFoundScreen() {
  useEffect(() => {
    document.title = 'Página no encontrada';
  }, []);
  return (
    <VisitorFrame>
      <div className="text-center py-5">
        <p className="display-4 fw-bold text-body-secondary mb-2">404</p>
        <h1 className="h4 fw-bold">Página no encontrada</h1>
        <p className="text-body-secondary">La dirección que abrió no existe o fue cambiada.</p>
        <Link to="/" className="btn btn-primary">
          Ir al inicio
        </Link>
      </div>
    </VisitorFrame>
  );
}
