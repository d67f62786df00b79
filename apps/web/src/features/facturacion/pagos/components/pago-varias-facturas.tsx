import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ComplementoPagoResponse } from '@repo/contracts/complementos-pago';
import { ComprobanteDownloads } from '#src/shared/comprobantes/comprobante-downloads.tsx';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { useSellosFiscales } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { useSeriesPagos } from '../api/complementos-pago.ts';
import {
  type Seleccion,
  monedaDelPago,
  saldosSeleccionados,
} from '../model/seleccion-pendientes.ts';
import { PagoFormDiferido } from './pago-form-diferido.tsx';

function plural(n: number): string {
  return n === 1 ? '1 factura' : `${String(n)} facturas`;
}

/**
 * The selected pending invoices of one client: their balance and, on request, one payment form
 * with what goes to each invoice (several DoctoRelacionado in one complement).
 */
export function PagoVariasFacturas(props: {
  seleccion: Seleccion;
  onQuitar: () => void;
  onStamped: (r: ComplementoPagoResponse) => void;
}) {
  const { enterprise } = useSession();
  const series = useSeriesPagos(enterprise?.id ?? null);
  const sellos = useSellosFiscales(enterprise?.id ?? null);
  const [abierto, setAbierto] = useState(false);
  const { seleccion } = props;
  const primera = seleccion[0];
  if (!primera) return null;
  const saldos = saldosSeleccionados(seleccion);
  const conMoneda = saldos.length > 1 || primera.moneda !== 'MXN';
  return (
    <Card className="shadow-sm mb-3 border-primary-subtle" data-testid="pendientes-seleccion">
      <Card.Body>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <div className="me-auto" style={{ minWidth: 0 }}>
            <div className="fw-semibold">
              {plural(seleccion.length)} de {primera.client_name}
            </div>
            <div className="small text-body-secondary">
              Saldo seleccionado:{' '}
              {saldos
                .map((s) => `${formatCurrency(s.saldo)}${conMoneda ? ` ${s.moneda}` : ''}`)
                .join(' + ')}
            </div>
          </div>
          {!abierto && (
            <Button onClick={() => setAbierto(true)}>Registrar un pago de la selección</Button>
          )}
          <Button variant="outline-secondary" onClick={props.onQuitar}>
            Quitar selección
          </Button>
        </div>
        {abierto && (
          <div className="mt-3">
            <h2 className="h6 fw-bold mb-3">Nuevo pago de {plural(seleccion.length)}</h2>
            {series.data && series.data.length === 0 && (
              <Alert variant="warning" className="small">
                Registre una serie de recepción de pagos en Configuraciones › Series y folios para
                emitir complementos de pago.
              </Alert>
            )}
            <PagoFormDiferido
              key={seleccion.map((s) => s.id).join('-')}
              facturas={seleccion.map((s) => ({
                factura_id: s.id,
                serieFolio: `${s.serie}-${String(s.folio ?? '')}`,
                fecha: s.fecha,
                saldo: s.PPD_pending_amount,
                client_id: s.client_id,
                moneda: s.moneda,
              }))}
              moneda={monedaDelPago(seleccion)}
              series={series.data ?? []}
              sellos={sellos.data ?? null}
              onCancel={() => setAbierto(false)}
              onStamped={(r) => {
                setAbierto(false);
                props.onStamped(r);
              }}
            />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** The complement just stamped from this view: what it settled, its PDF and XML. */
export function PagoTimbrado(props: { pago: ComplementoPagoResponse; onClose: () => void }) {
  const { data } = props.pago;
  return (
    <Alert variant="success" dismissible onClose={props.onClose} data-testid="pago-timbrado">
      <div className="fw-semibold">
        Complemento de pago {data.comprobante.serie}-{data.comprobante.folio} timbrado por{' '}
        {formatCurrency(data.monto)}
        {data.moneda_p !== 'MXN' && ` ${data.moneda_p}`}.
      </div>
      <ul className="mb-2 small">
        {data.documentos.map((d) => (
          <li key={d.factura_id}>
            {d.serie}-{d.folio}: pagado {formatCurrency(d.importe_pagado)}, saldo{' '}
            {formatCurrency(d.importe_saldo_insoluto)}
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <ComprobanteDownloads id={data.id} variant="outline-success" size="sm" />
      </div>
    </Alert>
  );
}
