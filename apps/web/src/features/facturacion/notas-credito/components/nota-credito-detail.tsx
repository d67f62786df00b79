import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { Dato, DetalleEncabezado, FolioFiscalDato } from '#src/shared/comprobantes/detalle.tsx';
import { useNotaCredito } from '../api/notas-credito.ts';
import { impuestosDeNota } from '../model/nota-form-model.ts';
import { notaPaths } from '../nota-paths.ts';
import { RELACION, notaStatus } from '../nota-status.ts';
import { CancelarNotaModal } from './cancelar-nota-modal.tsx';

/** /facturacion/notas-credito/detalle/:notaId: the stamped note, its files, delivery and cancellation. */
export function NotaCreditoDetail(props: { id: number }) {
  const q = useNotaCredito(props.id);
  const [cancelar, setCancelar] = useState(false);
  const back = (
    <Link to={notaPaths.list} className="small">
      ← Notas de crédito
    </Link>
  );
  if (q.isError || !(props.id > 0))
    return (
      <>
        {back}
        <Alert variant="warning" className="mt-3">
          No encontramos la nota de crédito: no existe o no es de su empresa.
        </Alert>
      </>
    );
  if (!q.data)
    return (
      <div className="text-center py-5" role="status" aria-label="Cargando">
        <Spinner />
      </div>
    );
  const n = q.data;
  const sellada = n.status === 'timbrada' || n.status === 'cancelada';
  const estado = notaStatus(n.status);
  const moneda = n.moneda === 'MXN' ? '' : ` ${n.moneda}`;
  const impuestos = impuestosDeNota(n.subtotal, n.total);
  return (
    <>
      <DetalleEncabezado
        back={back}
        titulo={`Nota de crédito ${serieFolio(n.serie, n.folio)}`}
        estado={{ ...estado, testId: 'nota-status' }}
        comprobanteId={n.id}
        sellada={sellada}
        cancelar={
          n.status === 'timbrada'
            ? { label: 'Cancelar nota de crédito', onClick: () => setCancelar(true) }
            : null
        }
      />
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <Row>
            <Col sm={6} lg={3}>
              <Dato label="Subtotal" testId="nota-subtotal">
                {formatCurrency(n.subtotal)}
                {moneda}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Impuestos" testId="nota-impuestos">
                {formatCurrency(impuestos)}
                {moneda}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Total" testId="nota-total">
                {formatCurrency(n.total)}
                {moneda}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Fecha de emisión">{n.fecha.replace('T', ' ')}</Dato>
            </Col>
            <Col sm={6} lg={6}>
              <Dato label="Cliente">
                {n.client_name} · {n.client_rfc}
              </Dato>
            </Col>
            <Col sm={6} lg={6}>
              <Dato label="Tipo de relación">{RELACION[n.tipo_relacion]}</Dato>
            </Col>
            <FolioFiscalDato uuid={n.uuid} testId="nota-uuid" />
            {n.motivo && (
              <Col lg={6}>
                <Dato label="Motivo">{n.motivo}</Dato>
              </Col>
            )}
          </Row>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6 fw-bold mb-3">Facturas relacionadas</h2>
          <Table responsive size="sm" className="mb-0" data-testid="nota-facturas">
            <thead>
              <tr>
                <th>Factura</th>
                <th>Folio fiscal (UUID)</th>
                <th className="text-end">Acreditado</th>
              </tr>
            </thead>
            <tbody>
              {n.facturas.map((f) => (
                <tr key={f.factura_id}>
                  <td className="text-nowrap">
                    <Link to={notaPaths.factura(f.factura_id)}>{f.serie_folio}</Link>
                  </td>
                  <td className="text-break small">{f.uuid}</td>
                  <td className="text-end text-nowrap">{formatCurrency(f.importe)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card.Body>
      </Card>
      {sellada && (
        <ComprobantePaneles
          comprobanteId={n.id}
          comprobanteType="nota_credito"
          clientId={n.client_id}
          className="g-4 mb-5"
        />
      )}
      {n.status === 'timbrada' && (
        <CancelarNotaModal nota={n} show={cancelar} onHide={() => setCancelar(false)} />
      )}
    </>
  );
}
