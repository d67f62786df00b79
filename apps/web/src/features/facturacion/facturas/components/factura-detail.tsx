import { usePuede } from '#src/shared/session/permisos.ts';
import { type ReactNode, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import type { CancelacionResponse, FacturaDetail } from '@repo/contracts/facturas';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { TimbrarConfirm } from '#src/shared/comprobantes/timbrar-confirm.tsx';
import { useFactura } from '../api/get-factura.ts';
import { useTimbrarPreFactura } from '../api/timbrar-pre-factura.ts';
import { facturaPaths } from '../factura-paths.ts';
import { actionsFor } from '../factura-status.ts';
import { formatImporteXml, serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { CancelFacturaModal } from './cancel-factura-modal.tsx';
import { SustitucionAviso } from '#src/shared/comprobantes/sustitucion-aviso.tsx';
import { CfdiView } from './cfdi-view.tsx';
import { CancelacionCard, FacturaResumenCard } from './factura-detail-cards.tsx';
import { FacturaDetailHeader } from './factura-detail-header.tsx';
import { IntentoTimbradoAviso } from '#src/shared/comprobantes/intento-timbrado-aviso.tsx';

/** Confirms stamping a saved pre-invoice; a stamped one is then shown under its own id. */
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
    <TimbrarConfirm
      show={props.show}
      error={error}
      pending={timbrar.isPending}
      onHide={props.onHide}
      onConfirm={() => void stamp()}
    >
      <p className="mb-0">
        Se timbrará la pre factura de <strong>{props.factura.client_name}</strong> por{' '}
        <strong data-testid="timbrar-total">{formatImporteXml(props.factura.total)}</strong> con los
        datos guardados. Ya timbrada no podrá editarla; solo cancelarla.
      </p>
    </TimbrarConfirm>
  );
}

/** The invoice could not be shown: it does not exist (warning) or the request failed (retry). */
function FacturaNoDisponible(props: { notFound: boolean; onRetry: () => void }) {
  const { notFound } = props;
  return (
    <Alert variant={notFound ? 'warning' : 'danger'}>
      <p>{notFound ? 'No encontramos la factura.' : 'No fue posible cargar la factura.'}</p>
      <div className="d-flex gap-2">
        <Link to={facturaPaths.list} className="btn btn-outline-secondary btn-sm">
          Ir a mis facturas
        </Link>
        {!notFound && (
          <Button variant="outline-danger" size="sm" onClick={props.onRetry}>
            Reintentar
          </Button>
        )}
      </div>
    </Alert>
  );
}

/** /facturacion/facturas/detalle/:facturaId. */
/**
 * The invoice's detail. `pagos` renders the payments of a stamped PPD invoice and `partes` the other
 * document types' parts of a stamped invoice (its credit notes …): the route composes them from
 * their features, so the income-invoice feature imports no other document type.
 */
export function FacturaDetailScreen({
  facturaId,
  pagos,
  partes,
}: {
  facturaId: number;
  pagos: (factura: FacturaDetail, abrirFormulario: boolean) => ReactNode;
  partes?: (factura: FacturaDetail) => ReactNode;
}) {
  const query = useFactura(facturaId);
  const [modal, setModal] = useState<'cancelar' | 'timbrar' | null>(null);
  const [lastCancel, setLastCancel] = useState<CancelacionResponse | null>(null);
  const factura = query.data;
  const navigate = useNavigate();
  const canChange = usePuede('emitir');
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
    return <FacturaNoDisponible notFound={notFound} onRetry={() => void query.refetch()} />;
  }

  const actions = canChange ? actionsFor(factura) : [];
  const stamped = factura.status === 'timbrada' || factura.status === 'cancelled';
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

  return (
    <>
      <FacturaDetailHeader
        factura={factura}
        onTimbrar={() => setModal('timbrar')}
        onCancelar={() => setModal('cancelar')}
      />

      {stamped && <SinValidezFiscalAviso className="mb-4" />}
      {stamped && (
        <SustitucionAviso
          comprobanteId={factura.id}
          documento="la factura"
          rutaDe={facturaPaths.detalle}
        />
      )}
      <IntentoTimbradoAviso factura={factura} />
      <div className="d-flex flex-column gap-4">
        <FacturaResumenCard factura={factura} />

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

        {stamped &&
          factura.metodo_pago === 'PPD' &&
          pagos(factura, new URLSearchParams(window.location.search).get('pago') === 'nuevo')}

        {stamped && partes?.(factura)}

        {factura.cfdi && <CfdiView cfdi={factura.cfdi} />}

        {stamped && canChange && (
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
