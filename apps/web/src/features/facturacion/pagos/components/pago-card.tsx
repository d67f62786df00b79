import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { PagoItem } from '@repo/contracts/complementos-pago';
import { ComprobanteDownloads } from '#src/shared/comprobantes/comprobante-downloads.tsx';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { conMoneda } from './pago-monto.tsx';
import { formatFechaCfdi } from '#src/shared/comprobantes/format-cfdi.ts';
import { SustitucionAviso } from '#src/shared/comprobantes/sustitucion-aviso.tsx';
import {
  type DocumentoNombrado,
  IntentoTimbradoAviso,
} from '#src/shared/comprobantes/intento-timbrado-aviso.tsx';

const COMPLEMENTO: DocumentoNombrado = { nombre: 'El complemento de pago', femenino: false };

const BADGE: Record<PagoItem['comprobante']['status'], string> = {
  timbrada: 'success',
  cancelled: 'danger',
  pendiente_pac: 'warning',
  rechazada: 'secondary',
};

function fechaCorta(fecha: string): string {
  const [a, m, d] = fecha.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

/**
 * One payment of the invoice: its amounts, its complement's files, e-mail and share, or, for an attempt
 * the PAC has not stamped, why (waiting for its answer, or its reason for rejecting it).
 */
export function PagoCard(props: {
  pago: PagoItem;
  opened: boolean;
  highlight: boolean;
  formaPago: string;
  clientId: number | null;
  onToggle: () => void;
  onCancel: () => void;
  /** Null when the role may not issue (issue 27): no "Sustituir". */
  onSustituir: (() => void) | null;
  /** The invoice detail the complement's links lead to (its substitute pays the same invoice). */
  rutaFactura: string;
}) {
  const { pago } = props;
  const doc = pago.documento_relacionado;
  const estado = pago.comprobante.status;
  const cancelado = estado === 'cancelled';
  // A stamping attempt that did not end stamped has no UUID, files, e-mail, share or cancellation.
  const intento = estado === 'pendiente_pac' || estado === 'rechazada';
  // Issue 25: a stamped complement in force is substituted (04), never one being cancelled.
  const sustituible =
    estado === 'timbrada' && pago.comprobante.estatus_cancelacion !== 'En proceso';
  // With a foreign currency on either side every amount says its currency (the payment's for Monto,
  // the invoice's for the balances, as the CFDI writes them).
  const extranjera = pago.moneda_p !== 'MXN' || pago.documentos.some((d) => d.moneda !== 'MXN');
  const importe = (x: string, moneda: string) =>
    extranjera ? conMoneda(x, moneda) : formatCurrency(x);
  return (
    <Card
      className={`mb-2 ${props.highlight ? 'border-success border-2 shadow' : 'shadow-sm'}`}
      data-testid={`pago-${pago.id}`}
      data-highlight={props.highlight ? 'true' : 'false'}
    >
      <Card.Header
        as="button"
        type="button"
        className="bg-body text-start d-flex flex-wrap gap-2 align-items-center border-0 w-100"
        aria-expanded={props.opened}
        onClick={props.onToggle}
      >
        <span className="fw-semibold">
          {pago.comprobante.serie}-{pago.comprobante.folio}
        </span>
        <span className="text-body-secondary">{fechaCorta(pago.fecha_pago)}</span>
        <span className="text-body-secondary d-none d-sm-inline">{props.formaPago}</span>
        <span className="ms-auto fw-semibold">{importe(pago.monto, pago.moneda_p)}</span>
        <Badge bg={BADGE[estado]} {...(estado === 'pendiente_pac' ? { text: 'dark' } : {})}>
          {pago.comprobante.view_status}
        </Badge>
      </Card.Header>
      {props.opened && (
        <Card.Body>
          <IntentoTimbradoAviso
            factura={{ ...pago.comprobante, status: estado }}
            documento={COMPLEMENTO}
          />
          <Row className="small g-2 mb-3">
            <Col xs={6} md={3}>
              <div className="text-body-secondary">Parcialidad</div>
              <div className="fw-semibold">{doc.num_parcialidad}</div>
            </Col>
            <Col xs={6} md={3}>
              <div className="text-body-secondary">Saldo anterior</div>
              <div className="fw-semibold">{importe(doc.importe_saldo_anterior, doc.moneda)}</div>
            </Col>
            <Col xs={6} md={3}>
              <div className="text-body-secondary">Importe pagado</div>
              <div className="fw-semibold" data-testid="pago-importe">
                {importe(doc.importe_pagado, doc.moneda)}
              </div>
            </Col>
            <Col xs={6} md={3}>
              <div className="text-body-secondary">Saldo insoluto</div>
              <div className="fw-semibold">{importe(doc.importe_saldo_insoluto, doc.moneda)}</div>
            </Col>
            {!intento && (
              <Col md={6}>
                <div className="text-body-secondary">Folio fiscal (UUID)</div>
                <div className="fw-semibold text-break">{pago.comprobante.uuid}</div>
              </Col>
            )}
            {pago.moneda_p !== doc.moneda && (
              <Col xs={6} md={3}>
                <div className="text-body-secondary">
                  {pago.tipo_cambio_p !== '1' ? 'Tipo de cambio' : 'Equivalencia'}
                </div>
                <div className="fw-semibold">
                  {pago.tipo_cambio_p !== '1'
                    ? `${pago.tipo_cambio_p} MXN por ${pago.moneda_p}`
                    : `${doc.equivalencia} ${doc.moneda} por ${pago.moneda_p}`}
                </div>
              </Col>
            )}
            <Col xs={6} md={3}>
              <div className="text-body-secondary">Forma de pago</div>
              <div className="fw-semibold">{props.formaPago}</div>
            </Col>
            {pago.num_operacion && (
              <Col xs={6} md={3}>
                <div className="text-body-secondary">Número de operación</div>
                <div className="fw-semibold text-break">{pago.num_operacion}</div>
              </Col>
            )}
            {pago.documentos.length > 1 && (
              <Col xs={12}>
                <div className="text-body-secondary">Facturas que liquida este pago</div>
                <div className="fw-semibold">
                  {pago.documentos
                    .map(
                      (d) =>
                        `${d.serie}-${String(d.folio ?? '')} (${importe(d.importe_pagado, d.moneda)})`,
                    )
                    .join(', ')}
                </div>
              </Col>
            )}
            {pago.comprobante.fecha_timbrado && (
              <Col xs={12}>
                <div className="text-body-secondary">
                  Timbrado el {formatFechaCfdi(pago.comprobante.fecha_timbrado)}
                </div>
              </Col>
            )}
          </Row>
          {!intento && (
            <>
              <div className="d-flex flex-wrap gap-2 mb-3">
                <ComprobanteDownloads id={pago.id} variant="outline-primary" size="sm" />
                {sustituible && props.onSustituir && (
                  <Button size="sm" variant="outline-primary" onClick={props.onSustituir}>
                    Sustituir
                  </Button>
                )}
                {!cancelado && (
                  <Button size="sm" variant="outline-danger" onClick={props.onCancel}>
                    Cancelar complemento
                  </Button>
                )}
              </div>
              <SustitucionAviso
                comprobanteId={pago.id}
                documento="el complemento de pago"
                rutaDe={() => props.rutaFactura}
              />
              <ComprobantePaneles
                comprobanteId={pago.id}
                comprobanteType="complemento_pago"
                clientId={props.clientId}
                className="g-3"
              />
            </>
          )}
        </Card.Body>
      )}
    </Card>
  );
}
