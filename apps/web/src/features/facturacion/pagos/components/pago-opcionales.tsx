import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import {
  type CampoOpcional,
  type PagoFormValues,
  camposVisibles,
} from '../model/pago-form-values.ts';

const OPCIONALES: { campo: CampoOpcional; label: string; max: number; ayuda?: string }[] = [
  {
    campo: 'num_operacion',
    label: 'Número de operación',
    max: 100,
    ayuda: 'Cheque, folio SPEI, autorización…',
  },
  { campo: 'rfc_emisor_cta_ordenante', label: 'RFC del banco ordenante', max: 13 },
  { campo: 'nom_banco_ordenante_ext', label: 'Nombre del banco ordenante (extranjero)', max: 300 },
  { campo: 'cta_ordenante', label: 'Cuenta ordenante', max: 50 },
  { campo: 'rfc_emisor_cta_ben', label: 'RFC del banco beneficiario', max: 13 },
  { campo: 'cta_beneficiario', label: 'Cuenta beneficiaria', max: 50 },
  { campo: 'tipo_cadena_pago', label: 'Tipo de cadena de pago', max: 2 },
  { campo: 'cert_pago', label: 'Certificado del pago (SPEI)', max: 20000 },
  { campo: 'cad_pago', label: 'Cadena original del pago (SPEI)', max: 20000 },
  { campo: 'sello_pago', label: 'Sello del pago (SPEI)', max: 20000 },
];

/**
 * The optional fields of a payment behind their toggle: número de operación and the bank data the
 * forma de pago allows (spec section 5).
 */
export function PagoOpcionales(props: {
  values: PagoFormValues;
  error: (campo: string) => string | undefined;
  set: <K extends keyof PagoFormValues>(campo: K, valor: PagoFormValues[K]) => void;
}) {
  const { values, error, set } = props;
  const visibles = camposVisibles(values.forma_pago);
  return (
    <>
      <Col xs={12}>
        <Form.Check
          type="switch"
          id="pago-opcionales"
          label="Mostrar campos opcionales (número de operación y datos bancarios)"
          checked={values.opcionales}
          onChange={(e) => set('opcionales', e.target.checked)}
        />
      </Col>
      {values.opcionales &&
        OPCIONALES.filter((o) => visibles[o.campo]).map((o) => (
          <Col sm={6} lg={o.max > 300 ? 12 : 4} key={o.campo}>
            <Form.Label htmlFor={`pago-${o.campo}`} className="fw-semibold">
              {o.label}
            </Form.Label>
            {o.campo === 'tipo_cadena_pago' ? (
              <Form.Select
                id={`pago-${o.campo}`}
                value={values.tipo_cadena_pago}
                isInvalid={!!error(o.campo)}
                onChange={(e) => set('tipo_cadena_pago', e.target.value)}
              >
                <option value="">Sin cadena de pago</option>
                <option value="01">01 - SPEI</option>
              </Form.Select>
            ) : (
              <Form.Control
                id={`pago-${o.campo}`}
                maxLength={o.max}
                {...(o.max > 300 ? { as: 'textarea' as const, rows: 2 } : {})}
                value={values[o.campo]}
                isInvalid={!!error(o.campo)}
                onChange={(e) => set(o.campo, e.target.value)}
              />
            )}
            <Form.Control.Feedback type="invalid">{error(o.campo)}</Form.Control.Feedback>
            {o.ayuda && <Form.Text muted>{o.ayuda}</Form.Text>}
          </Col>
        ))}
      {values.opcionales && values.forma_pago && !visibles.num_operacion && (
        <Col xs={12}>
          <Form.Text muted>Esta forma de pago no lleva datos bancarios.</Form.Text>
        </Col>
      )}
    </>
  );
}
