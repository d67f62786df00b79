import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { formatInstante } from '#src/shared/format/instante.ts';
import { useHistorial } from './api/historial.ts';

/**
 * "Historial" of a stamped document (issue 27): who stamped, sent, shared, substituted or cancelled
 * it, when and from where, read from the enterprise's log. Every role that sees the document sees it.
 */
export function HistorialComprobante(props: { comprobanteId: number; className?: string }) {
  const historial = useHistorial(props.comprobanteId);
  return (
    <Card className={`shadow-sm ${props.className ?? ''}`} data-testid="historial-comprobante">
      <Card.Body>
        <h2 className="h5 fw-bold mb-3">Historial</h2>
        {historial.isPending ? (
          <Spinner size="sm" aria-label="Cargando el historial" />
        ) : historial.isError ? (
          <p className="text-danger mb-0">
            No fue posible cargar el historial. Recargue la página.
          </p>
        ) : historial.data.length === 0 ? (
          <p className="text-body-secondary mb-0">Aún no hay movimientos de este comprobante.</p>
        ) : (
          <ol className="list-unstyled mb-0">
            {historial.data.map((r) => (
              <li key={r.id} className="border-start border-2 ps-3 pb-3 position-relative">
                <div className="fw-semibold">{r.accion_etiqueta}</div>
                <div className="small">
                  {r.usuario}
                  <span className="text-body-secondary"> · {formatInstante(r.fecha)}</span>
                  {r.ip && <span className="text-body-secondary"> · IP {r.ip}</span>}
                </div>
                {r.resumen && (
                  <div className="small text-body-secondary text-break">{r.resumen}</div>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
