import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { ComprobanteDownloads } from '#src/shared/comprobantes/comprobante-downloads.tsx';
import { usePuede } from '#src/shared/session/permisos.ts';
import { useDeletePreFactura } from '../api/delete-pre-factura.ts';
import { facturaPaths } from '../factura-paths.ts';
import { actionsFor } from '../factura-status.ts';
import { formatImporteXml, serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { FacturaStatusBadge } from './factura-status-badge.tsx';

/** The invoice detail's title, client and actions (editar, timbrar, descargas, clonar…). */
export function FacturaDetailHeader(props: {
  factura: FacturaDetail;
  onTimbrar: () => void;
  onCancelar: () => void;
}) {
  const { factura } = props;
  const deletion = useDeletePreFactura();
  // A read-only role (issue 27) sees and downloads; it does not edit, stamp, clone or cancel.
  const canChange = usePuede('emitir');
  const actions = canChange ? actionsFor(factura) : [];
  const stamped = factura.status === 'timbrada' || factura.status === 'cancelled';
  const preFactura = factura.status === 'pre_factura';
  const label = serieFolio(factura.serie, factura.folio);
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
        {actions.includes('timbrar') && <Button onClick={props.onTimbrar}>Timbrar</Button>}
        {stamped && <ComprobanteDownloads id={factura.id} variant="outline-primary" />}
        {actions.includes('clonar') && (
          <Link to={facturaPaths.clonar(factura.id)} className="btn btn-outline-secondary">
            Clonar
          </Link>
        )}
        {actions.includes('sustituir') && (
          <Link to={facturaPaths.sustituir(factura.id)} className="btn btn-outline-primary">
            Sustituir
          </Link>
        )}
        {actions.includes('eliminar') && (
          <Button variant="outline-danger" onClick={remove}>
            Eliminar
          </Button>
        )}
        {actions.includes('cancelar') && (
          <Button variant="danger" onClick={props.onCancelar}>
            Cancelar factura
          </Button>
        )}
      </div>
    </div>
  );
}
