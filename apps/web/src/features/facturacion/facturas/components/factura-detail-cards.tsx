import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { CancelacionResponse, FacturaDetail } from '@repo/contracts/facturas';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { claveConDescripcion, useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { useConsultarEstadoCancelacion } from '../api/cancelar-factura.ts';
import { ppdPendingOf } from '../factura-status.ts';
import { formatFechaCfdi, formatImporteXml } from '#src/shared/comprobantes/format-cfdi.ts';
import { Datum } from './datum.tsx';

/** The invoice at a glance: status, total, método de pago, PPD balance, UUID and stamping date. */
export function FacturaResumenCard({ factura }: { factura: FacturaDetail }) {
  const pending = ppdPendingOf(factura);
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <Row>
          <Col sm={6} lg={3}>
            <Datum label="Estatus" testId="detalle-status">
              {factura.view_status}
            </Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Total" testId="detalle-total">
              {formatImporteXml(factura.total)}
              {factura.moneda !== 'MXN' && ` ${factura.moneda}`}
            </Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Método de pago">{factura.metodo_pago}</Datum>
          </Col>
          {pending !== null && (
            <Col sm={6} lg={3}>
              <Datum label="Pendiente de pago (PPD)" testId="detalle-ppd-pendiente">
                {formatImporteXml(pending)}
                {factura.moneda !== 'MXN' && ` ${factura.moneda}`}
              </Datum>
            </Col>
          )}
          {factura.uuid && (
            <Col lg={6}>
              <Datum label="Folio fiscal (UUID)" testId="detalle-uuid">
                {factura.uuid}
              </Datum>
            </Col>
          )}
          {factura.fecha_timbrado && (
            <Col sm={6} lg={3}>
              <Datum label="Fecha de timbrado">{formatFechaCfdi(factura.fecha_timbrado)}</Datum>
            </Col>
          )}
        </Row>
        {factura.status === 'pre_factura' && (
          <p className="small text-body-secondary mb-0">
            Vista previa con el siguiente folio de la serie: el folio definitivo se asigna al
            timbrar.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

/** The cancellation as the PAC last reported it, with a way to ask the SAT again. */
export function CancelacionCard(props: {
  factura: FacturaDetail;
  last: CancelacionResponse | null;
}) {
  const { factura, last } = props;
  const refresh = useConsultarEstadoCancelacion();
  const motivos = useCatalogo('motivos-cancelacion').data;
  const [error, setError] = useState<string | null>(null);
  const estado = refresh.data ?? last;
  const ask = async () => {
    setError(null);
    try {
      const result = await refresh.mutateAsync(factura.id);
      notify('info', `Estatus de cancelación: ${result.estatus_cancelacion || result.estado}.`);
    } catch (failure) {
      setError(inlineErrorOf(failure));
    }
  };
  return (
    <Card className="shadow-sm border-warning-subtle" data-testid="cancelacion">
      <Card.Header as="h2" className="h6 fw-bold bg-body d-flex justify-content-between">
        Cancelación
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={refresh.isPending}
          onClick={() => void ask()}
        >
          {refresh.isPending && <Spinner size="sm" className="me-2" />}
          Actualizar estatus
        </Button>
      </Card.Header>
      <Card.Body>
        <Row>
          <Col sm={6} lg={3}>
            <Datum label="Estatus de cancelación en el SAT" testId="estatus-cancelacion">
              {factura.estatus_cancelacion || 'Sin solicitud'}
            </Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Motivo">
              {factura.motivo_cancelacion
                ? claveConDescripcion(motivos, factura.motivo_cancelacion)
                : '—'}
            </Datum>
          </Col>
          {factura.folio_sustitucion && (
            <Col sm={6} lg={3}>
              <Datum label="Folio fiscal de sustitución">{factura.folio_sustitucion}</Datum>
            </Col>
          )}
          {estado && (
            <>
              <Col sm={6} lg={3}>
                <Datum label="Estado del CFDI en el SAT">{estado.estado}</Datum>
              </Col>
              {estado.es_cancelable && (
                <Col sm={6} lg={3}>
                  <Datum label="Cancelable">{estado.es_cancelable}</Datum>
                </Col>
              )}
            </>
          )}
        </Row>
        {error && (
          <Alert variant="warning" className="mb-0">
            {error}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
