import { TimbrarConfirm } from '#src/shared/comprobantes/timbrar-confirm.tsx';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { type PagoFormValues, montoDeTexto, totalDocumentos } from '../model/pago-form-values.ts';

/** The payment's amount as the confirmation shows it: "$ 1,160.00", "$ 100.00 USD". */
function montoDelPago(v: PagoFormValues, monedaFactura: string): string {
  const monto = v.documentos.length > 1 ? totalDocumentos(v.documentos) : montoDeTexto(v.monto);
  const moneda = v.moneda_p || monedaFactura;
  return `${formatCurrency(monto)}${moneda === 'MXN' ? '' : ` ${moneda}`}`;
}

/** Asks before stamping a payment complement, as for an invoice (the shared confirmation). */
export function ConfirmarPago(props: {
  show: boolean;
  facturas: readonly { serieFolio: string }[];
  values: PagoFormValues;
  monedaFactura: string;
  onConfirm: () => void;
  onHide: () => void;
}) {
  return (
    <TimbrarConfirm
      show={props.show}
      titulo="Timbrar complemento de pago"
      onHide={props.onHide}
      onConfirm={props.onConfirm}
    >
      <p className="mb-0">
        Se timbrará el complemento de pago de{' '}
        <strong>{props.facturas.map((f) => f.serieFolio).join(', ')}</strong> por{' '}
        <strong data-testid="timbrar-total">
          {montoDelPago(props.values, props.monedaFactura)}
        </strong>
        . Ya timbrado no podrá editarlo; solo cancelarlo.
      </p>
    </TimbrarConfirm>
  );
}
