import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { ComplementoPagoResponse, PagoItem } from '@repo/contracts/complementos-pago';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieResponse } from '@repo/contracts/series';
import { facturasDeSustituto } from '../model/pago-sustituto.ts';
import { PagoFormDiferido } from './pago-form-diferido.tsx';

/**
 * "Sustituir" a payment complement (issue 25): a copy of the payment to correct; stamping it relates
 * the original with 04 and then cancels the original with motivo 01 and the new folio fiscal.
 */
export function SustituirPago(props: {
  pago: PagoItem;
  facturaId: number;
  /** The invoice's balance now: the copy may pay again what the original paid. */
  saldo: string;
  moneda: string;
  series: readonly SerieResponse[];
  sellos: SellosFiscalesResponse | null;
  onCancel: () => void;
  onStamped: (r: ComplementoPagoResponse) => void;
}) {
  const { pago } = props;
  const nombre = `${pago.comprobante.serie}-${String(pago.comprobante.folio ?? '')}`;
  return (
    <Card className="mb-3 border-primary-subtle" data-testid="sustituir-pago">
      <Card.Body>
        <h3 className="h6 fw-bold mb-3">Sustituir el complemento de pago {nombre}</h3>
        <Alert variant="info" className="small" data-testid="sustituye-a">
          Sustituye al complemento de pago {nombre} (folio fiscal{' '}
          <span className="text-break">{pago.comprobante.uuid.toUpperCase()}</span>). Corrija los
          datos y tímbrelo: el original se cancela ante el SAT con el motivo 01 y el folio fiscal
          del nuevo.
        </Alert>
        <PagoFormDiferido
          key={pago.id}
          facturas={facturasDeSustituto(pago, props.facturaId, props.saldo)}
          moneda={props.moneda}
          series={props.series}
          sellos={props.sellos}
          sustituye={pago}
          onCancel={props.onCancel}
          onStamped={props.onStamped}
        />
      </Card.Body>
    </Card>
  );
}
