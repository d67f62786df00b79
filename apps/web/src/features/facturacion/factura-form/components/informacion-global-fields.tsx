import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { NOMBRES_MESES } from '@repo/cfdi/calc';
import type { FacturaFormValues } from '../model/factura-form-values.ts';

const PERIODICIDADES = [
  ['01', 'Diario'],
  ['02', 'Semanal'],
  ['03', 'Quincenal'],
  ['04', 'Mensual'],
  ['05', 'Bimestral'],
] as const;

/** InformacionGlobal of an invoice to PUBLICO EN GENERAL: periodicity, month and year. */
export function InformacionGlobalFields() {
  const form = useFormContext<FacturaFormValues>();
  return (
    <Col xs={12}>
      <div className="border rounded p-3">
        <div className="fw-semibold mb-2">Información global (público en general)</div>
        <Row className="g-3">
          <Col sm={4}>
            <Form.Label htmlFor="factura-periodicidad">Periodicidad</Form.Label>
            <Form.Select
              id="factura-periodicidad"
              {...form.register('informacion_global.periodicidad')}
            >
              {PERIODICIDADES.map(([k, n]) => (
                <option key={k} value={k}>
                  {k} - {n}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col sm={4}>
            <Form.Label htmlFor="factura-meses">Mes</Form.Label>
            <Form.Select id="factura-meses" {...form.register('informacion_global.meses')}>
              {NOMBRES_MESES.map((n, idx) => {
                const k = String(idx + 1).padStart(2, '0');
                return (
                  <option key={k} value={k}>
                    {k} - {n}
                  </option>
                );
              })}
            </Form.Select>
          </Col>
          <Col sm={4}>
            <Form.Label htmlFor="factura-anio">Año</Form.Label>
            <Form.Control
              id="factura-anio"
              inputMode="numeric"
              {...form.register('informacion_global.anio')}
            />
          </Col>
        </Row>
      </div>
    </Col>
  );
}
