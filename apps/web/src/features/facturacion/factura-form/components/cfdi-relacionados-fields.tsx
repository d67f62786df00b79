import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { FacturaFormValues } from '../model/factura-form-values.ts';

const TIPOS_RELACION: { clave: string; nombre: string }[] = [
  { clave: '01', nombre: 'Nota de crédito de los documentos relacionados' },
  { clave: '02', nombre: 'Nota de débito de los documentos relacionados' },
  { clave: '03', nombre: 'Devolución de mercancía sobre facturas o traslados previos' },
  { clave: '04', nombre: 'Sustitución de los CFDI previos' },
  { clave: '05', nombre: 'Traslados de mercancías facturados previamente' },
  { clave: '06', nombre: 'Factura generada por los traslados previos' },
  { clave: '07', nombre: 'CFDI por aplicación de anticipo' },
];

/** The CFDI related to the invoice: a type of relation and its UUIDs, one group per row. */
export function CfdiRelacionadosFields() {
  const form = useFormContext<FacturaFormValues>();
  const relacionados = useFieldArray({ control: form.control, name: 'cfdi_relacionados' });
  const { errors } = form.formState;
  return (
    <Col xs={12}>
      {relacionados.fields.map((r, idx) => (
        <Row
          key={r.id}
          className="g-2 align-items-start mb-2"
          data-testid={`relacionado-${String(idx)}`}
        >
          <Col md={5}>
            <Form.Label htmlFor={`relacionado-${String(idx)}-tipo`} className="fw-semibold">
              Tipo de relación
            </Form.Label>
            <Form.Select
              id={`relacionado-${String(idx)}-tipo`}
              isInvalid={!!errors.cfdi_relacionados?.[idx]?.tipo_relacion}
              {...form.register(`cfdi_relacionados.${idx}.tipo_relacion`)}
            >
              {TIPOS_RELACION.map((t) => (
                <option key={t.clave} value={t.clave}>
                  {t.clave} - {t.nombre}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col md={5}>
            <Form.Label htmlFor={`relacionado-${String(idx)}-uuids`} className="fw-semibold">
              UUID de los CFDI relacionados
            </Form.Label>
            <Form.Control
              id={`relacionado-${String(idx)}-uuids`}
              as="textarea"
              rows={2}
              placeholder="Un folio fiscal por línea"
              isInvalid={!!errors.cfdi_relacionados?.[idx]?.uuids}
              {...form.register(`cfdi_relacionados.${idx}.uuids`)}
            />
            <Form.Control.Feedback type="invalid">
              {errors.cfdi_relacionados?.[idx]?.uuids?.message}
            </Form.Control.Feedback>
          </Col>
          <Col md={2} className="pt-md-4 mt-md-2">
            <Button variant="outline-danger" size="sm" onClick={() => relacionados.remove(idx)}>
              Quitar
            </Button>
          </Col>
        </Row>
      ))}
      <Button
        variant="link"
        className="px-0"
        onClick={() => relacionados.append({ tipo_relacion: '04', uuids: '' })}
      >
        + Agregar CFDI relacionado
      </Button>
    </Col>
  );
}
