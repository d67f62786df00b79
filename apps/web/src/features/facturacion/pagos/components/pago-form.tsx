import { hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ComplementoPagoResponse, PagoItem } from '@repo/contracts/complementos-pago';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieResponse } from '@repo/contracts/series';
import { PagoCamposGenerales } from './pago-campos-generales.tsx';
import { PagoImportes } from './pago-importes.tsx';
import { PagoOpcionales } from './pago-opcionales.tsx';
import { PagoPlazo } from './pago-plazo.tsx';
import { ConfirmarPago } from './confirmar-pago.tsx';
import type { FacturaAPagar } from './factura-a-pagar.ts';
import { usePagoEnvio } from './use-pago-envio.ts';
import { usePagoValores } from './use-pago-valores.ts';

export type { FacturaAPagar } from './factura-a-pagar.ts';

/**
 * The payment complement form (spec sections 3 and 5): serie with its folio preview, payment date
 * (sent with the current time), forma de pago, amount as currency, and the optional fields the
 * forma de pago shows. Stamps through the shared lifecycle (useEmision).
 */
export function PagoForm(props: {
  facturas: readonly FacturaAPagar[];
  moneda: string;
  series: readonly SerieResponse[];
  sellos: SellosFiscalesResponse | null;
  /** The issuer's time zone (DatosFiscalesResponse.zona_horaria): where "today" is. */
  zona: string | null;
  /** Sustituir: the stamped payment this one replaces (relation 04, then its cancellation 01). */
  sustituye?: PagoItem | null;
  onStamped: (r: ComplementoPagoResponse) => void;
  onCancel: () => void;
}) {
  const hoy = hoyDelEmisor(props.zona);
  const { values, errores, setErrores, error, set, teclear, setConversion, setTipoDe } =
    usePagoValores({ ...props, hoy });
  const { busy, failure, setFailure, confirmar, setConfirmar, enviar, timbrar } = usePagoEnvio({
    ...props,
    hoy,
    values,
    setErrores,
  });

  return (
    <Form noValidate onSubmit={(e) => e.preventDefault()} data-testid="pago-form">
      {failure && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => setFailure(null)}
          data-testid="pago-error"
        >
          {failure}
        </Alert>
      )}
      {errores._ && <Alert variant="danger">{errores._}</Alert>}
      <Row className="g-3">
        <PagoCamposGenerales
          values={values}
          series={props.series}
          hoy={hoy}
          error={error}
          set={set}
        />
        <PagoImportes
          facturas={props.facturas}
          moneda={props.moneda}
          values={values}
          error={error}
          set={set}
          teclear={teclear}
          setConversion={setConversion}
          setTipoDe={setTipoDe}
        />
        <PagoOpcionales values={values} error={error} set={set} />
      </Row>
      <PagoPlazo fecha={values.fecha} hoy={hoy} />
      <div className="d-flex flex-wrap gap-2 justify-content-end mt-3">
        <Button variant="outline-secondary" disabled={busy} onClick={props.onCancel}>
          Cerrar
        </Button>
        <Button variant="primary" disabled={busy} onClick={enviar}>
          Timbrar complemento de pago
        </Button>
      </div>
      <ConfirmarPago
        show={confirmar}
        facturas={props.facturas}
        values={values}
        monedaFactura={props.moneda}
        onHide={() => setConfirmar(false)}
        onConfirm={timbrar}
      />
    </Form>
  );
}
