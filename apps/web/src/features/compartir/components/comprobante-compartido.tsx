import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { COMPROBANTE_TYPE_LABEL } from '@repo/contracts/comprobantes';
import { tipoComprobante } from '@repo/contracts/tipos-comprobante/registro';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { useModoPruebas } from '#src/shared/modo-pruebas/use-modo-pruebas.ts';
import {
  archivoCompartidoUrl,
  useComprobanteCompartido,
} from '../api/get-comprobante-compartido.ts';

/** "2026-11-23T09:05:07" → "23/11/2026 09:05" (the CFDI's own local time). */
function fechaCorta(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(fecha);
  return m ? `${m[3] ?? ''}/${m[2] ?? ''}/${m[1] ?? ''} ${m[4] ?? ''}` : fecha;
}

function fechaVencimiento(iso: string): string {
  return new Intl.DateTimeFormat('es-MX', { dateStyle: 'long' }).format(new Date(iso));
}

const NO_DISPONIBLE =
  'No fue posible abrir este comprobante. Revise el enlace o pida a quien se lo compartió uno nuevo.';

/** The public page of a shared comprobante: who issued it, to whom, the total, and its PDF and XML. */
export function ComprobanteCompartido({ token }: { token: string }) {
  const { data, error, isPending } = useComprobanteCompartido(token);
  const pruebas = useModoPruebas();

  if (isPending) {
    return (
      <Card className="shadow-sm">
        <Card.Body className="p-5 text-center text-body-secondary">
          <Spinner animation="border" size="sm" className="me-2" role="status" />
          Cargando comprobante…
        </Card.Body>
      </Card>
    );
  }
  if (error) {
    const message =
      error instanceof ApiError && error.apiErrorClientMessage
        ? error.apiErrorClientMessage
        : NO_DISPONIBLE;
    return (
      <Card className="shadow-sm">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h4 fw-bold mb-3">Comprobante no disponible</h1>
          <Alert variant="warning" className="mb-0">
            {message}
          </Alert>
        </Card.Body>
      </Card>
    );
  }

  const tipo = COMPROBANTE_TYPE_LABEL[data.comprobante_type];
  const cancelado = data.status === 'cancelada';
  const filas: [string, string][] = [
    ['Emisor', `${data.emisor.nombre} (${data.emisor.rfc})`],
    ['Receptor', `${data.receptor.nombre} (${data.receptor.rfc})`],
    ['Fecha de emisión', fechaCorta(data.fecha)],
    ['Folio fiscal (UUID)', data.uuid],
  ];
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 p-md-5">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-4">
          <div>
            <p className="text-body-secondary small mb-1">{data.emisor.nombre} le compartió</p>
            <h1 className="h3 fw-bold mb-0">
              {tipo} {data.serie_folio}
            </h1>
          </div>
          <Badge bg={cancelado ? 'danger' : 'success'} className="fs-6">
            {cancelado ? 'Cancelada' : 'Vigente'}
          </Badge>
        </div>
        <SinValidezFiscalAviso />
        {cancelado && (
          <Alert variant="danger">
            Este comprobante fue cancelado ante el SAT y ya no tiene efectos fiscales.
          </Alert>
        )}
        {!tipoComprobante(data.comprobante_type).muestraTotal ? null : (
          <div className="mb-4">
            <div className="text-body-secondary small">Total</div>
            <div className="display-6 fw-semibold" data-testid="total">
              {formatCurrency(data.total)} <span className="fs-5">{data.moneda}</span>
            </div>
          </div>
        )}
        <dl className="row mb-4">
          {filas.map(([label, value]) => (
            <div key={label} className="col-12 mb-2">
              <dt className="small text-body-secondary fw-normal">{label}</dt>
              <dd className="mb-0 text-break">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-primary" href={archivoCompartidoUrl(token, 'pdf')} download>
            Descargar PDF
          </a>
          <a className="btn btn-outline-primary" href={archivoCompartidoUrl(token, 'xml')} download>
            Descargar XML
          </a>
        </div>
        <p className="small text-body-secondary mt-4 mb-0">
          {pruebas
            ? 'El XML y el PDF son una muestra de prueba, sin validez fiscal.'
            : 'El XML es el comprobante fiscal digital; el PDF es su representación impresa.'}
          {data.expires_at
            ? ` Este enlace estará disponible hasta el ${fechaVencimiento(data.expires_at)}.`
            : ''}
        </p>
      </Card.Body>
    </Card>
  );
}
