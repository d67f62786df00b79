import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { SerieResponse } from '@repo/contracts/series';
import { FolioPreview } from '#src/shared/comprobantes/folio-preview.tsx';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import { useFormasPago } from '#src/shared/comprobantes/api/datos-maestros.ts';
import type { SetPagoCampo } from './use-pago-valores.ts';
import type { PagoFormValues } from '../model/pago-form-values.ts';

/**
 * The payment's serie (with its folio preview), payment date (up to the issuer's today) and forma
 * de pago (spec sections 3 and 5; 99 "Por definir" is not a way a payment was made).
 */
export function PagoCamposGenerales(props: {
  values: PagoFormValues;
  series: readonly SerieResponse[];
  hoy: string;
  error: (campo: string) => string | undefined;
  set: SetPagoCampo;
}) {
  const { values, error, set } = props;
  const formasPago = useFormasPago();
  const serie = props.series.find((s) => s.id === values.serie_id) ?? null;
  return (
    <>
      <Col sm={6} lg={4}>
        <Form.Label htmlFor="pago-serie" className="fw-semibold">
          Serie
        </Form.Label>
        <Form.Select
          id="pago-serie"
          value={values.serie_id ?? ''}
          isInvalid={!!error('serie_id')}
          onChange={(e) => set('serie_id', e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Elija una serie</option>
          {props.series.map((s) => (
            <option key={s.id} value={s.id}>
              {s.serie}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{error('serie_id')}</Form.Control.Feedback>
        <FolioPreview
          serie={serie}
          hayDeEsteTipo={props.series.length > 0}
          sinSeries="Registre una serie de recepción de pagos en Configuraciones › Series y folios."
        />
      </Col>
      <Col sm={6} lg={4}>
        <Form.Label htmlFor="pago-fecha" className="fw-semibold">
          Fecha de pago
        </Form.Label>
        <Form.Control
          id="pago-fecha"
          type="date"
          max={props.hoy}
          value={values.fecha}
          isInvalid={!!error('fecha')}
          onChange={(e) => set('fecha', e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{error('fecha')}</Form.Control.Feedback>
        <Form.Text muted>Se registra con la hora actual.</Form.Text>
      </Col>
      <Col sm={6} lg={4}>
        <Form.Label htmlFor="pago-forma" className="fw-semibold">
          Forma de pago
        </Form.Label>
        <Form.Select
          id="pago-forma"
          value={values.forma_pago}
          isInvalid={!!error('forma_pago')}
          onChange={(e) => set('forma_pago', e.target.value)}
        >
          <option value="">Elija la forma de pago</option>
          <ClaveOptions rows={(formasPago.data ?? []).filter((f) => f.clave !== '99')} />
        </Form.Select>
        <Form.Control.Feedback type="invalid">{error('forma_pago')}</Form.Control.Feedback>
      </Col>
    </>
  );
}
