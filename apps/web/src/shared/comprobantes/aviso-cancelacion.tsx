import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useAvisoCancelacion } from './api/cancelacion.ts';

const fechaLarga = (iso: string) =>
  new Date(iso).toLocaleDateString('es-MX', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Mexico_City',
  });

/**
 * What a cancellation will do, said before the user confirms it (issue 25): what must be
 * cancelled first (the payment complements in force of a PPD invoice, named, with a link to where
 * they are cancelled), whether the SAT will ask the receiver to accept it (regla 2.7.1.35 RMF, the
 * engine's rule as the API applies it) and the last day to cancel (CFF art. 29-A).
 */
export function AvisoCancelacion(props: {
  comprobanteId: number;
  /** Where the payments of an invoice are listed (and cancelled); the names alone without it. */
  rutaDePagos?: (facturaId: number) => string;
}) {
  const aviso = useAvisoCancelacion(props.comprobanteId);
  if (aviso.isPending)
    return (
      <div className="mb-3" role="status" aria-label="Consultando la cancelación">
        <Spinner size="sm" />
      </div>
    );
  if (!aviso.data) return null;
  const a = aviso.data;
  return (
    <div className="mb-3" data-testid="aviso-cancelacion">
      {a.cancelar_primero.length > 0 && (
        <Alert variant="warning" data-testid="cancelar-primero">
          <p className="fw-semibold mb-1">
            Primero cancele{' '}
            {a.cancelar_primero.length > 1
              ? 'estos complementos de pago vigentes'
              : 'este complemento de pago vigente'}
            ; mientras existan, el SAT no permite cancelar este comprobante:
          </p>
          <ul className="mb-0">
            {a.cancelar_primero.map((p) => (
              <li key={p.id}>
                {props.rutaDePagos ? (
                  <Link to={props.rutaDePagos(p.factura_id)}>Complemento de pago {p.nombre}</Link>
                ) : (
                  `Complemento de pago ${p.nombre}`
                )}
                {p.uuid ? ` (UUID ${p.uuid})` : ' (en espera del PAC)'}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Alert
        variant={a.aceptacion.es_cancelable === 'Cancelable con aceptación' ? 'info' : 'light'}
        className="mb-0"
        data-testid="aceptacion-receptor"
      >
        <p className="mb-1">{a.aceptacion.explicacion}</p>
        {a.aceptacion.plazo_receptor && (
          <p className="mb-1">
            Si la solicita hoy, el receptor tiene hasta el{' '}
            {fechaLarga(
              new Date(new Date(a.aceptacion.plazo_receptor).getTime() - 1).toISOString(),
            )}{' '}
            para responder.
          </p>
        )}
        <p className="mb-0 small text-body-secondary">
          Plazo para cancelarlo: hasta el {fechaLarga(a.plazo_cancelacion)} (artículo 29-A del
          Código Fiscal de la Federación).
        </p>
      </Alert>
    </div>
  );
}
