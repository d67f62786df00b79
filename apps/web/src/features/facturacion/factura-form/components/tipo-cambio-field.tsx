import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { ayudaTipoCambio, getTipoDeCambio } from '#src/shared/comprobantes/api/tipo-de-cambio.ts';
import type { FacturaFormValues } from '../model/factura-form-values.ts';

/**
 * The exchange rate of a foreign-currency invoice: proposes Banxico's FIX of the invoice's day and
 * says which rates the SAT accepts (c_Moneda's variation, CFDI40118). The user may type another one
 * within that band. An older reference is not proposed: the help gives its date and asks to verify
 * the day's rate.
 */
export function TipoCambioField(props: { moneda: string }) {
  const form = useFormContext<FacturaFormValues>();
  const fecha = useWatch({ control: form.control, name: 'fecha' });
  const referencia = useQuery({
    queryKey: ['tipo-de-cambio', props.moneda, fecha],
    queryFn: () => getTipoDeCambio(props.moneda, fecha),
    staleTime: 60 * 60_000,
  });
  const propuesto = useRef<string | null>(null);
  const ref = referencia.data?.vigente ? referencia.data : null;
  const sinReferencia = referencia.isSuccess && !ref;
  const ayuda = ayudaTipoCambio(referencia.isSuccess ? referencia.data : undefined);
  useEffect(() => {
    const actual = form.getValues('tipo_cambio').trim();
    // A rate this field proposed for another currency or day is not this one's: the field empties
    // and the help says there is no reference, rather than keeping a wrong rate silently.
    if (sinReferencia && propuesto.current !== null && actual === propuesto.current) {
      form.setValue('tipo_cambio', '', { shouldDirty: true });
      propuesto.current = null;
    }
    if (!ref) return;
    // Only an empty field, or the rate this field proposed before, takes the day's rate.
    if (actual === '' || actual === propuesto.current) {
      form.setValue('tipo_cambio', ref.valor, { shouldDirty: true });
      propuesto.current = ref.valor;
    }
  }, [ref, sinReferencia, form]);
  const error = form.formState.errors.tipo_cambio?.message;
  return (
    <Col sm={6} lg={3}>
      <Form.Label htmlFor="factura-tipo-cambio" className="fw-semibold">
        Tipo de cambio
      </Form.Label>
      <Form.Control
        id="factura-tipo-cambio"
        inputMode="decimal"
        placeholder="Ej. 17.1512"
        isInvalid={!!error}
        aria-describedby="factura-tipo-cambio-ayuda"
        {...form.register('tipo_cambio')}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <Form.Text
        id="factura-tipo-cambio-ayuda"
        className={ayuda.antigua ? 'text-warning-emphasis' : 'text-body-secondary'}
      >
        Pesos mexicanos por cada {props.moneda}. {ayuda.texto}
      </Form.Text>
    </Col>
  );
}
