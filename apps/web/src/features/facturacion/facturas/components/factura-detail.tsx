import { type ReactNode, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import type { CancelacionResponse, FacturaDetail } from '@repo/contracts/facturas';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import {
  claveConDescripcion,
  useCatalogo,
} from '#src/features/facturacion/shared/api/get-catalogo.ts';
import { useConsultarEstadoCancelacion } from '../api/cancelar-factura.ts';
import { ComprobanteDownloads } from '#src/shared/comprobantes/comprobante-downloads.tsx';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { useDeletePreFactura } from '../api/delete-pre-factura.ts';
import { useFactura } from '../api/get-factura.ts';
import { useTimbrarPreFactura } from '../api/timbrar-pre-factura.ts';
import { facturaPaths } from '../factura-paths.ts';
import { actionsFor, ppdPendingOf } from '../factura-status.ts';
import { formatFechaCfdi, formatImporteXml, serieFolio } from '../format-cfdi.ts';
import { PagosFactura } from '#src/features/facturacion/pagos/components/pagos-factura.tsx';
import { CancelFacturaModal } from './cancel-factura-modal.tsx';
import { CfdiView } from './cfdi-view.tsx';
import { FacturaStatusBadge } from './factura-status-badge.tsx';
import { IntentoTimbradoAviso } from './intento-timbrado-aviso.tsx';

function Datum(props: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="mb-2">
      <div className="small text-body-secondary">{props.label}</div>
      <div className="fw-semibold text-break" data-testid={props.testId}>
        {props.children}
      </div>
    </div>
  );
}

/** The cancellation as the PAC last reported it, with a way to ask the SAT again. */
function CancelacionCard(props: { factura: FacturaDetail; last: CancelacionResponse | null }) {
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

function StampConfirm(props: { show: boolean; onHide: () => void; factura: FacturaDetail }) {
  const timbrar = useTimbrarPreFactura();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const stamp = async () => {
    setError(null);
    try {
      const result = await timbrar.mutateAsync(props.factura.id);
      notify(
        'success',
        `La factura ${serieFolio(result.factura.serie, result.factura.folio)} fue timbrada.`,
      );
      props.onHide();
      if (result.factura.id !== props.factura.id)
        void navigate(facturaPaths.detalle(result.factura.id), { replace: true });
    } catch (failure) {
      setError(inlineErrorOf(failure));
    }
  };
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>Timbrar factura</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Se timbrará la pre factura de <strong>{props.factura.client_name}</strong> por{' '}
          <strong>{formatImporteXml(props.factura.total)}</strong> con los datos guardados. Se usará
          1 crédito y ya no podrá editarla.
        </p>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onHide}>
          Regresar
        </Button>
        <Button disabled={timbrar.isPending} onClick={() => void stamp()}>
          {timbrar.isPending && <Spinner size="sm" className="me-2" />}
          Timbrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** /facturacion/facturas/detalle/:facturaId. */
export function FacturaDetailScreen({ facturaId }: { facturaId: number }) {
  const query = useFactura(facturaId);
  const deletion = useDeletePreFactura();
  const [modal, setModal] = useState<'cancelar' | 'timbrar' | null>(null);
  const [lastCancel, setLastCancel] = useState<CancelacionResponse | null>(null);
  const factura = query.data;
  const navigate = useNavigate();
  // The old link of a stamped pre-invoice answers the stamped invoice: show it under its own id.
  const otroId = factura && factura.id !== facturaId ? factura.id : null;
  useEffect(() => {
    if (otroId !== null) void navigate(facturaPaths.detalle(otroId), { replace: true });
  }, [otroId, navigate]);

  if (query.isPending && Number.isInteger(facturaId) && facturaId > 0) {
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-label="Cargando">
        <Spinner animation="border" variant="primary" />
      </div>
    );
  }
  if (!factura) {
    const notFound =
      !(Number.isInteger(facturaId) && facturaId > 0) ||
      (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Alert variant={notFound ? 'warning' : 'danger'}>
        <p>{notFound ? 'No encontramos la factura.' : 'No fue posible cargar la factura.'}</p>
        <div className="d-flex gap-2">
          <Link to={facturaPaths.list} className="btn btn-outline-secondary btn-sm">
            Ir a mis facturas
          </Link>
          {!notFound && (
            <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          )}
        </div>
      </Alert>
    );
  }

  const actions = actionsFor(factura);
  const stamped = factura.status === 'timbrada' || factura.status === 'cancelled';
  const preFactura = factura.status === 'pre_factura';
  const pending = ppdPendingOf(factura);
  const label = serieFolio(factura.serie, factura.folio);
  const onCancelled = (result: CancelacionResponse) => {
    setLastCancel(result);
    notify(
      result.status === 'cancelled' ? 'success' : 'info',
      result.status === 'cancelled'
        ? `La factura ${label} fue cancelada.`
        : `La solicitud de cancelación fue enviada. Estatus: ${result.estatus_cancelacion || result.estado}.`,
    );
  };
  const remove = () =>
    confirmDelete({
      title: 'Eliminar pre factura',
      message: `¿Desea eliminar la pre factura de ${factura.client_name} por ${formatImporteXml(factura.total)}? Esta acción no se puede deshacer.`,
      onAccept: async () => {
        try {
          await deletion.mutateAsync(factura.id);
        } catch (error) {
          const message = inlineErrorOf(error);
          if (message) notify('error', message);
          throw error;
        }
        notify('success', 'La pre factura fue eliminada.');
      },
      redirectTo: facturaPaths.list,
    });

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <Link to={facturaPaths.list} className="small text-decoration-none">
            ‹ Mis facturas
          </Link>
          <h1 className="h3 fw-bold mb-1 d-flex align-items-center gap-3">
            {preFactura ? 'Pre factura' : `Factura ${label}`}
            <span className="fs-6">
              <FacturaStatusBadge factura={factura} />
            </span>
          </h1>
          <p className="text-body-secondary mb-0">
            {factura.client_name} · {factura.client_rfc}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {actions.includes('editar') && (
            <Link to={facturaPaths.editar(factura.id)} className="btn btn-outline-primary">
              Editar
            </Link>
          )}
          {actions.includes('timbrar') && (
            <Button onClick={() => setModal('timbrar')}>Timbrar</Button>
          )}
          {stamped && <ComprobanteDownloads id={factura.id} variant="outline-primary" />}
          {actions.includes('clonar') && (
            <Link to={facturaPaths.clonar(factura.id)} className="btn btn-outline-secondary">
              Clonar
            </Link>
          )}
          {actions.includes('eliminar') && (
            <Button variant="outline-danger" onClick={remove}>
              Eliminar
            </Button>
          )}
          {actions.includes('cancelar') && (
            <Button variant="danger" onClick={() => setModal('cancelar')}>
              Cancelar factura
            </Button>
          )}
        </div>
      </div>

      {stamped && <SinValidezFiscalAviso className="mb-4" />}
      <IntentoTimbradoAviso factura={factura} />
      <div className="d-flex flex-column gap-4">
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
            {preFactura && (
              <p className="small text-body-secondary mb-0">
                Vista previa con el siguiente folio de la serie: el folio definitivo se asigna al
                timbrar.
              </p>
            )}
          </Card.Body>
        </Card>

        {stamped && (factura.estatus_cancelacion !== '' || factura.motivo_cancelacion !== '') && (
          <CancelacionCard factura={factura} last={lastCancel} />
        )}

        {factura.cfdi_errores.length > 0 && (
          <Alert variant="warning">
            <p className="fw-semibold mb-1">
              No fue posible armar la vista previa del CFDI de esta pre factura:
            </p>
            <ul className="mb-0">
              {factura.cfdi_errores.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </Alert>
        )}

        {stamped && factura.metodo_pago === 'PPD' && (
          <PagosFactura
            factura={factura}
            abrirFormulario={new URLSearchParams(window.location.search).get('pago') === 'nuevo'}
          />
        )}

        {factura.cfdi && <CfdiView cfdi={factura.cfdi} />}

        {stamped && (
          <ComprobantePaneles
            comprobanteId={factura.id}
            comprobanteType="factura_ingreso"
            clientId={factura.client_id}
            className="g-4"
          />
        )}
      </div>

      {actions.includes('cancelar') && (
        <CancelFacturaModal
          factura={factura}
          show={modal === 'cancelar'}
          onHide={() => setModal(null)}
          onCancelled={onCancelled}
        />
      )}
      {actions.includes('timbrar') && (
        <StampConfirm factura={factura} show={modal === 'timbrar'} onHide={() => setModal(null)} />
      )}
    </>
  );
}
