import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Pagination from 'react-bootstrap/Pagination';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CancelacionGlobalResponse,
  FacturaGlobalResponse,
} from '@repo/contracts/facturas-globales';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { request } from '#src/shared/http/api-client.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { ComprobanteDownloads } from '#src/shared/comprobantes/comprobante-downloads.tsx';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { claveConDescripcion, useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { motivosCancelacionOf } from '#src/shared/comprobantes/motivos-cancelacion.ts';
import {
  type DocumentoNombrado,
  IntentoTimbradoAviso,
} from '#src/shared/comprobantes/intento-timbrado-aviso.tsx';
import { GLOBALES_QUERY_KEY, useFacturaGlobal } from '../api/facturas-globales.ts';

const POR_PAGINA = 50;
const BADGE: Record<FacturaGlobalResponse['status'], string> = {
  unissued: 'light',
  saved: 'warning',
  timbrada: 'success',
  cancelled: 'secondary',
  pendiente_pac: 'warning',
};

const GLOBAL: DocumentoNombrado = { nombre: 'La factura global', femenino: true };

function Dato(props: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="mb-3">
      <div className="small text-body-secondary">{props.label}</div>
      <div className="fw-semibold text-break" data-testid={props.testId}>
        {props.children}
      </div>
    </div>
  );
}

/** Cancel a stamped global: motivo 02 or 03 (spec section 5), then the PAC's answer. */
function CancelarGlobalModal(props: {
  g: FacturaGlobalResponse;
  show: boolean;
  onHide: () => void;
}) {
  const client = useQueryClient();
  const motivos = motivosCancelacionOf(useCatalogo('motivos-cancelacion').data ?? []);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (m: string) =>
      request<CancelacionGlobalResponse>(
        `facturacion/V40/facturas-globales/${props.g.id}/cancelar`,
        { method: 'POST', body: { motivo: m } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: GLOBALES_QUERY_KEY }),
  });
  const enviar = async () => {
    if (!motivo) {
      setError('Seleccione el motivo de cancelación');
      return;
    }
    try {
      const r = await cancel.mutateAsync(motivo);
      notify(
        'success',
        r.status === 'cancelled'
          ? 'La factura global fue cancelada. Ya puede emitir otra para el periodo.'
          : `Solicitud de cancelación enviada: ${r.estatus_cancelacion || r.view_status}.`,
      );
      props.onHide();
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>Cancelar factura global</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Se pedirá al SAT cancelar la factura global de {props.g.periodo} (folio fiscal{' '}
          {props.g.uuid}). Después podrá emitir otra para el mismo periodo.
        </p>
        <Form.Group controlId="motivo-cancelacion-global">
          <Form.Label className="fw-semibold">Motivo de cancelación</Form.Label>
          <Form.Select value={motivo} onChange={(e) => setMotivo(e.target.value)}>
            <option value="">Seleccione…</option>
            {motivos.map((m) => (
              <option key={m.clave} value={m.clave}>
                {m.clave} - {m.descripcion}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onHide}>
          Cerrar
        </Button>
        <Button variant="danger" disabled={cancel.isPending} onClick={() => void enviar()}>
          {cancel.isPending && <Spinner size="sm" className="me-2" />}
          Cancelar factura global
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** /facturacion/facturas-globales/detalle/:facturaGlobalId. */
export function GlobalDetail(props: { id: number }) {
  const q = useFacturaGlobal(props.id);
  const formas = useCatalogo('formas-pagos');
  const [cancelar, setCancelar] = useState(false);
  const [pagina, setPagina] = useState(1);
  const back = (
    <Link to={`/facturacion/facturas-globales?year=${q.data?.year ?? ''}`} className="small">
      ← Facturas globales
    </Link>
  );
  if (q.isError)
    return (
      <>
        {back}
        <Alert variant="danger" className="mt-3">
          No fue posible cargar la factura global: no existe o no es de su empresa.
        </Alert>
      </>
    );
  if (!q.data)
    return (
      <div className="text-center py-5">
        <Spinner />
      </div>
    );
  const g = q.data;
  const sellada = g.status === 'timbrada' || g.status === 'cancelled';
  const paginas = Math.max(1, Math.ceil(g.partidas.length / POR_PAGINA));
  const actual = Math.min(pagina, paginas);
  const visibles = g.partidas.slice((actual - 1) * POR_PAGINA, actual * POR_PAGINA);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          {back}
          <h1 className="h3 fw-bold mb-1 mt-1">
            Factura global {g.serie.serie}
            {g.serie.folio !== null ? `-${g.serie.folio}` : ''} · {g.periodo}
          </h1>
          <Badge bg={BADGE[g.status]} data-testid="global-status">
            {g.view_status}
          </Badge>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {sellada && (
            <ComprobanteDownloads id={g.id} variant="outline-primary" pdfVariant="primary" />
          )}
          {g.status === 'timbrada' && g.estatus_cancelacion !== 'En proceso' && (
            <Button variant="outline-danger" onClick={() => setCancelar(true)}>
              Cancelar factura global
            </Button>
          )}
          {g.editable && (
            <Link to={`/facturacion/facturas-globales/editar/${g.id}`} className="btn btn-primary">
              Editar y timbrar
            </Link>
          )}
        </div>
      </div>
      {sellada && <SinValidezFiscalAviso className="mb-4" />}
      <IntentoTimbradoAviso
        factura={{ status: g.status, serie: g.serie.serie, folio: g.serie.folio }}
        documento={GLOBAL}
      />
      {g.status === 'saved' && !g.editable && (
        <Alert variant="secondary">
          Esta factura global se guardó sin timbrar y es de hace más de 2 años: ya no se puede
          modificar ni timbrar.
        </Alert>
      )}
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <Row>
            <Col sm={6} lg={3}>
              <Dato label="Total" testId="global-detalle-total">
                {formatCurrency(g.totales.total)}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Ventas">{g.totales.ventas.toLocaleString('en-US')}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Subtotal">{formatCurrency(g.totales.subtotal)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Impuestos trasladados">{formatCurrency(g.totales.impuestos)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Periodicidad">
                {g.periodicidad === '05' ? '05 - Bimestral' : '04 - Mensual'} · Meses {g.meses} ·{' '}
                {g.year}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Forma de pago">{claveConDescripcion(formas.data, g.formaPago)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Receptor">XAXX010101000 · PUBLICO EN GENERAL</Dato>
            </Col>
            {g.fecha && (
              <Col sm={6} lg={3}>
                <Dato label="Fecha de emisión">{g.fecha.replace('T', ' ')}</Dato>
              </Col>
            )}
            {g.uuid && (
              <Col lg={6}>
                <Dato label="Folio fiscal (UUID)" testId="global-uuid">
                  {g.uuid}
                </Dato>
              </Col>
            )}
            {g.estatus_cancelacion && (
              <Col lg={6}>
                <Dato label="Estatus de cancelación ante el SAT">{g.estatus_cancelacion}</Dato>
              </Col>
            )}
          </Row>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6 fw-bold mb-3">Ventas ({g.partidas.length.toLocaleString('en-US')})</h2>
          <Table responsive size="sm" className="mb-2">
            <thead>
              <tr>
                <th>Folio de venta</th>
                <th className="text-end d-none d-md-table-cell">Subtotal</th>
                <th className="text-end d-none d-md-table-cell">Descuento</th>
                <th className="text-end">Impuestos</th>
                <th className="text-end">Total</th>
              </tr>
            </thead>
            <tbody>
              {visibles.map((p) => (
                <tr key={p.folioVenta}>
                  <td className="text-nowrap">{p.folioVenta}</td>
                  <td className="text-end d-none d-md-table-cell">{formatCurrency(p.subtotal)}</td>
                  <td className="text-end d-none d-md-table-cell">{formatCurrency(p.descuento)}</td>
                  <td className="text-end text-nowrap">{formatCurrency(p.impuestos)}</td>
                  <td className="text-end text-nowrap fw-semibold">
                    {formatCurrency(p.totalVenta)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {paginas > 1 && (
            <Pagination size="sm" className="mb-0 justify-content-end">
              <Pagination.Prev disabled={actual === 1} onClick={() => setPagina(actual - 1)} />
              <Pagination.Item active>
                {actual} / {paginas}
              </Pagination.Item>
              <Pagination.Next
                disabled={actual === paginas}
                onClick={() => setPagina(actual + 1)}
              />
            </Pagination>
          )}
        </Card.Body>
      </Card>
      {sellada && (
        <ComprobantePaneles
          comprobanteId={g.id}
          comprobanteType="factura_global"
          clientId={null}
          className="g-4 mb-5"
        />
      )}
      {g.status === 'timbrada' && (
        <CancelarGlobalModal g={g} show={cancelar} onHide={() => setCancelar(false)} />
      )}
    </>
  );
}
