import { Suspense, lazy, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { useNotasCredito } from '../api/notas-credito.ts';
import { notaPaths } from '../nota-paths.ts';
import { notaStatus } from '../nota-status.ts';
import { usePuede } from '#src/shared/session/permisos.ts';

// The form loads on the click that opens it, so the invoice's detail stays within its budget.
const NotaCreditoForm = lazy(() =>
  import('./nota-credito-form.tsx').then((m) => ({ default: m.NotaCreditoForm })),
);

/**
 * The credit notes of a stamped income invoice, on its detail (the route composes it): the ones
 * issued and the button that opens the form of a new one.
 */
export function NotasCreditoFactura(props: { factura: FacturaDetail }) {
  const { factura } = props;
  const [abierto, setAbierto] = useState(false);
  // Issue 27: only a role that issues is offered to issue (its API would refuse anyone else).
  const puedeEmitir = usePuede('emitir');
  const notas = useNotasCredito({
    page: 1,
    status: '',
    desde: '',
    hasta: '',
    factura_id: factura.id,
  });
  const lista = notas.data?.data ?? [];
  return (
    <Card className="shadow-sm" data-testid="notas-credito-factura">
      <Card.Body className="d-flex flex-column gap-3">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <h2 className="h6 fw-bold mb-0">Notas de crédito</h2>
          {factura.status === 'timbrada' && !abierto && puedeEmitir && (
            <Button variant="outline-primary" onClick={() => setAbierto(true)}>
              Emitir nota de crédito
            </Button>
          )}
        </div>
        {lista.length === 0 && !abierto && (
          <p className="text-body-secondary small mb-0">Esta factura no tiene notas de crédito.</p>
        )}
        {lista.length > 0 && (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
            {lista.map((n) => (
              <li key={n.id} className="d-flex flex-wrap gap-2 align-items-center">
                <Link to={notaPaths.detalle(n.id)} className="fw-semibold">
                  {serieFolio(n.serie, n.folio)}
                </Link>
                <span>{formatCurrency(n.total)}</span>
                <Badge bg={notaStatus(n.status).bg}>{notaStatus(n.status).label}</Badge>
              </li>
            ))}
          </ul>
        )}
        {abierto && (
          <Suspense fallback={<Spinner size="sm" role="status" aria-label="Cargando" />}>
            <NotaCreditoForm factura={factura} onClose={() => setAbierto(false)} />
          </Suspense>
        )}
      </Card.Body>
    </Card>
  );
}
