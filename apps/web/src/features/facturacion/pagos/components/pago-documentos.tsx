import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { montoDeTexto, totalDocumentos } from '../model/pago-form-values.ts';
import type { FacturaAPagar } from './factura-a-pagar.ts';
import { SaldoConvertido } from './pago-monto.tsx';

/**
 * One payment of several invoices of one client: what goes to each invoice (it starts at its
 * balance), and the payment's amount, their sum, shown as they are typed.
 */
export function PagoDocumentos(props: {
  facturas: readonly FacturaAPagar[];
  documentos: readonly { factura_id: number; importe: string }[];
  monedaPago: string;
  monedaFactura: string;
  tipoCambio: string;
  /** MXN per unit of each other invoice currency (several currencies in one payment in MXN). */
  tiposCambio: Record<string, string>;
  /** The user typed this invoice's amount (it stops following the balance). */
  onTecleado: (facturaId: number) => void;
  error: (campo: string) => string | undefined;
  onChange: (documentos: { factura_id: number; importe: string }[]) => void;
}) {
  const total = totalDocumentos(props.documentos);
  const varias = props.facturas.some(
    (f) => (f.moneda ?? props.monedaFactura) !== props.monedaFactura,
  );
  const extranjera = props.monedaPago !== 'MXN' || props.monedaFactura !== 'MXN' || varias;
  const monedaDe = (f: FacturaAPagar) => f.moneda ?? props.monedaFactura;
  const tipoDe = (f: FacturaAPagar) =>
    monedaDe(f) === props.monedaFactura ? props.tipoCambio : (props.tiposCambio[monedaDe(f)] ?? '');
  const moneda = extranjera ? ` ${props.monedaPago}` : '';
  const cambiar = (i: number, importe: string) =>
    props.onChange(props.documentos.map((d, j) => (j === i ? { ...d, importe } : d)));
  return (
    <Col xs={12} data-testid="pago-documentos">
      <div className="fw-semibold mb-2">Importe que se aplica a cada factura</div>
      {props.facturas.map((f, i) => (
        <Row key={f.factura_id} className="g-2 align-items-center mb-2 border-bottom pb-2">
          <Col xs={6} sm={8}>
            <Form.Label htmlFor={`pago-doc-${String(i)}`} className="mb-0 fw-semibold">
              {f.serieFolio}
            </Form.Label>
            <div className="small text-body-secondary">
              {extranjera ? (
                <SaldoConvertido
                  saldo={f.saldo}
                  monedaFactura={monedaDe(f)}
                  monedaPago={props.monedaPago}
                  tipoCambio={tipoDe(f)}
                  prefijo="Saldo"
                  testId={`pago-doc-saldo-${String(i)}`}
                />
              ) : (
                `Saldo ${formatCurrency(f.saldo)}`
              )}
            </div>
          </Col>
          <Col xs={6} sm={4}>
            <InputGroup hasValidation>
              <Form.Control
                className="text-end"
                id={`pago-doc-${String(i)}`}
                inputMode="decimal"
                aria-label={`Importe para la factura ${f.serieFolio}`}
                value={props.documentos[i]?.importe ?? ''}
                isInvalid={!!props.error(`documentos.${String(i)}.importe`)}
                onChange={(e) => {
                  props.onTecleado(f.factura_id);
                  cambiar(i, e.target.value);
                }}
                onBlur={() => {
                  const n = montoDeTexto(props.documentos[i]?.importe ?? '');
                  if (n !== null) cambiar(i, formatCurrency(n));
                }}
              />
              {extranjera && <InputGroup.Text>{props.monedaPago}</InputGroup.Text>}
              <Form.Control.Feedback type="invalid">
                {props.error(`documentos.${String(i)}.importe`)}
              </Form.Control.Feedback>
            </InputGroup>
          </Col>
        </Row>
      ))}
      <div className="d-flex justify-content-between align-items-baseline">
        <span className="fw-semibold">Monto del pago</span>
        <span className="fs-5 fw-bold" data-testid="pago-total">
          {total === null ? '—' : `${formatCurrency(total)}${moneda}`}
        </span>
      </div>
      {props.error('monto') && (
        <div className="small text-danger" role="alert">
          {props.error('monto')}
        </div>
      )}
    </Col>
  );
}
