import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { PagoDocumentos } from './pago-documentos.tsx';
import { PagoMonto } from './pago-monto.tsx';
import { PagoTipoCambio } from './pago-tipo-cambio.tsx';
import { PagoTiposCambio } from './pago-tipos-cambio.tsx';
import type { FacturaAPagar } from './factura-a-pagar.ts';
import type { SetPagoCampo } from './use-pago-valores.ts';
import { type PagoFormValues, monedasConTipo } from '../model/pago-form-values.ts';

/**
 * What is paid: the payment currency and exchange rates (when the invoice is not in MXN, or the
 * invoices are in several currencies), then one amount, or one per invoice when several are paid.
 */
export function PagoImportes(props: {
  facturas: readonly FacturaAPagar[];
  moneda: string;
  values: PagoFormValues;
  error: (campo: string) => string | undefined;
  set: SetPagoCampo;
  teclear: (facturaId: number) => void;
  setConversion: (campo: 'moneda_p' | 'tipo_cambio', valor: string) => void;
  setTipoDe: (moneda: string, valor: string) => void;
}) {
  const { values, error, set, teclear } = props;
  const principal = props.facturas[0];
  return (
    <>
      {props.moneda !== 'MXN' && (
        <>
          <Col sm={6} lg={4}>
            <Form.Label htmlFor="pago-moneda" className="fw-semibold">
              Moneda del pago
            </Form.Label>
            <Form.Select
              id="pago-moneda"
              value={values.moneda_p}
              onChange={(e) => props.setConversion('moneda_p', e.target.value)}
            >
              <option value={props.moneda}>{props.moneda}</option>
              <option value="MXN">MXN - Peso mexicano</option>
            </Form.Select>
          </Col>
          <PagoTipoCambio
            moneda={props.moneda}
            fecha={values.fecha}
            value={values.tipo_cambio}
            error={error('tipo_cambio')}
            onChange={(valor) => props.setConversion('tipo_cambio', valor)}
          />
        </>
      )}
      <PagoTiposCambio
        monedas={monedasConTipo(props.facturas, props.moneda)}
        fecha={values.fecha}
        values={values.tipos_cambio}
        error={error}
        onChange={props.setTipoDe}
      />
      {props.facturas.length > 1 ? (
        <PagoDocumentos
          facturas={props.facturas}
          documentos={values.documentos}
          monedaPago={values.moneda_p}
          tipoCambio={values.tipo_cambio}
          tiposCambio={values.tipos_cambio}
          error={error}
          monedaFactura={props.moneda}
          onTecleado={teclear}
          onChange={(documentos) => set('documentos', documentos)}
        />
      ) : (
        <PagoMonto
          value={values.monto}
          error={error('monto')}
          monedaPago={values.moneda_p}
          monedaFactura={props.moneda}
          tipoCambio={values.tipo_cambio}
          saldo={principal?.saldo ?? null}
          onChange={(valor) => {
            if (principal) teclear(principal.factura_id);
            set('monto', valor);
          }}
          onBlur={() => {
            const n = Number(values.monto.replace(/[$,\s]/g, ''));
            if (values.monto.trim() && Number.isFinite(n) && n > 0) set('monto', formatCurrency(n));
          }}
        />
      )}
    </>
  );
}
