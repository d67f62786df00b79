import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { ayudaTipoCambio, getTipoDeCambio } from '#src/shared/comprobantes/api/tipo-de-cambio.ts';

/**
 * The exchange rate of a payment of a foreign-currency invoice: proposes Banxico's FIX of the
 * payment day and says which rates the SAT accepts (c_Moneda's variation, CRP20216). Only an empty
 * field, or the rate it proposed before, takes the day's rate; with no reference it says so, and an
 * older one is not proposed: the help gives its date and asks to verify the day's rate.
 */
export function PagoTipoCambio(props: {
  moneda: string;
  /** The payment day, AAAA-MM-DD. */
  fecha: string;
  value: string;
  error: string | undefined;
  onChange: (valor: string) => void;
  /** Several rates in one form: each its own field id and label. */
  id?: string;
  etiqueta?: string;
}) {
  const { moneda, fecha, value, onChange } = props;
  const id = props.id ?? 'pago-tipo-cambio';
  const referencia = useQuery({
    queryKey: ['tipo-de-cambio', moneda, fecha],
    queryFn: () => getTipoDeCambio(moneda, fecha),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(fecha),
    staleTime: 60 * 60_000,
  });
  const propuesto = useRef<string | null>(null);
  // The latest onChange, without making the proposal depend on its identity.
  const cambiar = useRef(onChange);
  useEffect(() => {
    cambiar.current = onChange;
  });
  const ref = referencia.data?.vigente ? referencia.data : null;
  const sinReferencia = referencia.isSuccess && !ref;
  const ayuda = ayudaTipoCambio(referencia.isSuccess ? referencia.data : undefined);
  useEffect(() => {
    const actual = value.trim();
    if (sinReferencia && propuesto.current !== null && actual === propuesto.current) {
      propuesto.current = null;
      cambiar.current('');
      return;
    }
    if (ref && (actual === '' || actual === propuesto.current) && actual !== ref.valor) {
      propuesto.current = ref.valor;
      cambiar.current(ref.valor);
    }
  }, [ref, sinReferencia, value]);
  return (
    <Col sm={6} lg={4}>
      <Form.Label htmlFor={id} className="fw-semibold">
        {props.etiqueta ?? 'Tipo de cambio del día del pago'}
      </Form.Label>
      <Form.Control
        id={id}
        inputMode="decimal"
        value={value}
        isInvalid={!!props.error}
        aria-describedby={`${id}-ayuda`}
        onChange={(e) => onChange(e.target.value)}
      />
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
      <Form.Text
        id={`${id}-ayuda`}
        className={ayuda.antigua ? 'text-warning-emphasis' : 'text-body-secondary'}
      >
        Pesos mexicanos por cada {moneda}. {ayuda.texto}
      </Form.Text>
    </Col>
  );
}
