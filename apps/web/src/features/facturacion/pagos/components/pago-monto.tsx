import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { importePagoDeSaldo } from '@repo/cfdi/calc';
import { formatCurrency } from '#src/shared/format/currency.ts';

/** An amount with its currency: "$ 1,234.50 USD". */
export function conMoneda(importe: string | number, moneda: string): string {
  return `${formatCurrency(importe)} ${moneda}`;
}

/**
 * An invoice's balance in its currency and, when the payment is in another one, converted at the
 * rate typed (what pays it exactly, the engine's importePagoDeSaldo): "Saldo $ 1,000.00 USD =
 * $ 17,250.00 MXN al tipo de cambio 17.25".
 */
export function SaldoConvertido(props: {
  saldo: string;
  monedaFactura: string;
  monedaPago: string;
  tipoCambio: string;
  prefijo: string;
  testId?: string;
}) {
  const { saldo, monedaFactura, monedaPago } = props;
  const convertido =
    monedaPago !== monedaFactura
      ? importePagoDeSaldo(saldo, {
          monedaP: monedaPago,
          monedaDR: monedaFactura,
          tipoCambio: props.tipoCambio,
        })
      : null;
  return (
    <span data-testid={props.testId}>
      {props.prefijo} {conMoneda(saldo, monedaFactura)}
      {monedaPago !== monedaFactura &&
        (convertido
          ? ` = ${conMoneda(convertido, monedaPago)} al tipo de cambio ${props.tipoCambio.trim()}`
          : ` (indique el tipo de cambio para verlo en ${monedaPago})`)}
    </span>
  );
}

/** The amount of a payment of one invoice, in the payment's currency, with the balance under it. */
export function PagoMonto(props: {
  value: string;
  error: string | undefined;
  monedaPago: string;
  monedaFactura: string;
  tipoCambio: string;
  saldo: string | null;
  onChange: (valor: string) => void;
  onBlur: () => void;
}) {
  const extranjera = props.monedaPago !== 'MXN' || props.monedaFactura !== 'MXN';
  return (
    <Col sm={6} lg={4}>
      <Form.Label htmlFor="pago-monto" className="fw-semibold">
        Monto del pago{extranjera ? ` (${props.monedaPago})` : ''}
      </Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id="pago-monto"
          inputMode="decimal"
          placeholder="$ 0.00"
          value={props.value}
          isInvalid={!!props.error}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        />
        {extranjera && <InputGroup.Text>{props.monedaPago}</InputGroup.Text>}
        <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
      </InputGroup>
      {props.saldo !== null && (
        <Form.Text muted>
          {extranjera ? (
            <SaldoConvertido
              saldo={props.saldo}
              monedaFactura={props.monedaFactura}
              monedaPago={props.monedaPago}
              tipoCambio={props.tipoCambio}
              prefijo="Saldo de la factura:"
              testId="pago-saldo-convertido"
            />
          ) : (
            `Saldo de la factura: ${formatCurrency(props.saldo)}`
          )}
        </Form.Text>
      )}
    </Col>
  );
}
