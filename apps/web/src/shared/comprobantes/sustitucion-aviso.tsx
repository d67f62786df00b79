import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useAvisoCancelacion, useReintentarSustitucion } from './api/cancelacion.ts';

/**
 * The substitution ("Sustituir", issue 25) a stamped document takes part in, on its detail: the
 * substitute names the original it replaces and whether the original's cancellation with motivo
 * 01 was requested; while it is pending (the PAC failed between the two steps) it says so, with the
 * reason and a retry; the job retries it too.
 */
export function SustitucionAviso(props: {
  comprobanteId: number;
  /** `la factura`, `la factura global`, `el complemento de pago`… */
  documento: string;
  rutaDe: (id: number) => string;
}) {
  // "Sustituye al complemento…", "Sustituido por…": the words agree with the document's gender.
  const masculino = props.documento.startsWith('el ');
  const alDocumento = masculino ? `al ${props.documento.slice(3)}` : `a ${props.documento}`;
  const aviso = useAvisoCancelacion(props.comprobanteId);
  const reintentar = useReintentarSustitucion(props.comprobanteId);
  const s = aviso.data?.sustitucion;
  if (!s || s.estado === 'abandonada') return null;
  const original = <Link to={props.rutaDe(s.original.id)}>{s.original.nombre}</Link>;
  const sustituto = <Link to={props.rutaDe(s.sustituto.id)}>{s.sustituto.nombre}</Link>;
  if (s.estado === 'solicitada') {
    return (
      <Alert variant="secondary" className="mb-4" data-testid="sustitucion">
        {s.rol === 'sustituto' ? (
          <>
            Sustituye {alDocumento} {original} (relación 04). Su cancelación con el motivo 01 y el
            folio fiscal de {masculino ? 'este' : 'esta'} fue solicitada al SAT.
          </>
        ) : (
          <>
            {masculino ? 'Sustituido' : 'Sustituida'} por {props.documento} {sustituto}: su
            cancelación con el motivo 01 fue solicitada al SAT.
          </>
        )}
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="mb-4" data-testid="sustitucion-pendiente">
      <p className="fw-semibold mb-1">
        La cancelación de {props.documento} original {original} está pendiente.
      </p>
      <p className="mb-2">
        El comprobante que {masculino ? 'lo' : 'la'} sustituye, {sustituto}, ya está timbrado; el
        original sigue vigente hasta que el SAT reciba su cancelación con el motivo 01. Se reintenta
        automáticamente.
        {s.ultimo_error && ` Último intento: ${s.ultimo_error}`}
      </p>
      {reintentar.error && <p className="text-danger mb-2">{inlineErrorOf(reintentar.error)}</p>}
      <Button
        variant="warning"
        size="sm"
        disabled={reintentar.isPending}
        onClick={() => reintentar.mutate()}
      >
        {reintentar.isPending && <Spinner size="sm" className="me-2" />}
        Reintentar la cancelación
      </Button>
    </Alert>
  );
}
