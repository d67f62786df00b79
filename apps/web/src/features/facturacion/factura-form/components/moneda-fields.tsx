import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import type { FacturaFormValues } from '../model/factura-form-values.ts';
import { TipoCambioField } from './tipo-cambio-field.tsx';

const MONEDAS: { clave: string; nombre: string }[] = [
  { clave: 'MXN', nombre: 'Peso mexicano' },
  { clave: 'USD', nombre: 'Dólar americano' },
  { clave: 'EUR', nombre: 'Euro' },
  { clave: 'CAD', nombre: 'Dólar canadiense' },
  { clave: 'GBP', nombre: 'Libra esterlina' },
  { clave: 'JPY', nombre: 'Yen japonés' },
];

/** Moneda (with its exchange rate when not MXN), Exportación and the payment conditions. */
export function MonedaFields({ moneda }: { moneda: string }) {
  const form = useFormContext<FacturaFormValues>();
  const { errors } = form.formState;
  return (
    <>
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="factura-moneda" className="fw-semibold">
          Moneda
        </Form.Label>
        <Form.Select id="factura-moneda" isInvalid={!!errors.moneda} {...form.register('moneda')}>
          {MONEDAS.map((m) => (
            <option key={m.clave} value={m.clave}>
              {m.clave} - {m.nombre}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.moneda?.message}</Form.Control.Feedback>
      </Col>
      {moneda !== 'MXN' && <TipoCambioField moneda={moneda} />}
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="factura-exportacion" className="fw-semibold">
          Exportación
        </Form.Label>
        <Form.Select id="factura-exportacion" {...form.register('exportacion')}>
          <option value="01">01 - No aplica</option>
        </Form.Select>
        <Form.Text muted>La exportación de mercancías requiere Comercio Exterior.</Form.Text>
      </Col>
      <Col lg={moneda !== 'MXN' ? 12 : 6}>
        <Form.Label htmlFor="factura-condiciones" className="fw-semibold">
          Condiciones de pago
        </Form.Label>
        <Form.Control
          id="factura-condiciones"
          maxLength={1000}
          placeholder="Opcional, p. ej. Crédito a 30 días"
          isInvalid={!!errors.condiciones_pago}
          {...form.register('condiciones_pago')}
        />
        <Form.Control.Feedback type="invalid">
          {errors.condiciones_pago?.message}
        </Form.Control.Feedback>
      </Col>
    </>
  );
}
