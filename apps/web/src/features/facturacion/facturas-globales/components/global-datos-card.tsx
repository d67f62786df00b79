import type { Dispatch, SetStateAction } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  emisionTardia,
  type InformacionGlobalDatos,
  limiteDeEmision,
  NOMBRES_MESES,
  sumarDias,
} from '@repo/cfdi/calc';
import type { SerieResponse } from '@repo/contracts/series';
import type { GlobalFormState } from '../model/global-form-model.ts';

/** "2026-11-01" → "1 de noviembre de 2026". */
function fechaLarga(dia: string): string {
  const [y, m, d] = dia.split('-').map(Number);
  return `${d} de ${NOMBRES_MESES[(m ?? 1) - 1]!.toLowerCase()} de ${y}`;
}

/** The global invoice's data: periodicidad, forma de pago, date and serie, with the late warning. */
export function GlobalDatosCard(props: {
  estado: GlobalFormState;
  setEstado: Dispatch<SetStateAction<GlobalFormState>>;
  ig: InformacionGlobalDatos;
  bloqueado: boolean;
  series: readonly SerieResponse[];
  formasPago: readonly { clave: string; descripcion: string }[];
  regimenEmisor: string;
  hoy: string;
}) {
  const { estado: s, setEstado: setS, bloqueado } = props;
  const limite = limiteDeEmision(props.ig);
  const tarde = emisionTardia(props.ig, s.creationDate || props.hoy);
  const serie = props.series.find((x) => x.id === s.serieId);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <Row className="g-3">
          <Col md={6} lg={3}>
            <Form.Group controlId="global-periodicidad">
              <Form.Label className="fw-semibold">Periodicidad</Form.Label>
              <Form.Select
                value={s.periodicidad}
                disabled={bloqueado}
                onChange={(e) => setS({ ...s, periodicidad: e.target.value as '04' | '05' })}
              >
                <option value="04">04 - Mensual</option>
                {(props.regimenEmisor === '621' || s.periodicidad === '05') && (
                  <option value="05">05 - Bimestral (RIF)</option>
                )}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={6} lg={3}>
            <Form.Group controlId="global-forma-pago">
              <Form.Label className="fw-semibold">Forma de pago</Form.Label>
              <Form.Select
                value={s.formaPago}
                disabled={bloqueado}
                onChange={(e) => setS({ ...s, formaPago: e.target.value })}
              >
                {props.formasPago
                  .filter((f) => f.clave !== '99')
                  .map((f) => (
                    <option key={f.clave} value={f.clave}>
                      {f.clave} - {f.descripcion}
                    </option>
                  ))}
              </Form.Select>
              <Form.Text>La de la venta de mayor importe del periodo.</Form.Text>
            </Form.Group>
          </Col>
          <Col md={6} lg={3}>
            <Form.Group controlId="global-fecha">
              <Form.Label className="fw-semibold">Fecha de emisión</Form.Label>
              <Form.Control
                type="date"
                value={s.creationDate}
                min={sumarDias(props.hoy, -2)}
                max={props.hoy}
                disabled={bloqueado}
                onChange={(e) => setS({ ...s, creationDate: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col md={6} lg={3}>
            <Form.Group controlId="global-serie">
              <Form.Label className="fw-semibold">Serie y folio</Form.Label>
              <Form.Select
                value={s.serieId ?? ''}
                disabled={bloqueado}
                onChange={(e) =>
                  setS({ ...s, serieId: e.target.value === '' ? null : Number(e.target.value) })
                }
              >
                {props.series.length === 0 && <option value="">Sin series</option>}
                {props.series.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.serie} {x.folio}
                  </option>
                ))}
              </Form.Select>
              <Form.Text>
                {serie
                  ? `El folio se asigna al timbrar (siguiente: ${serie.folio}).`
                  : 'Cree una serie de facturas globales en Configuraciones › Series y folios.'}
              </Form.Text>
            </Form.Group>
          </Col>
        </Row>
        {tarde && limite && (
          <Alert variant="warning" className="mt-3 mb-0" data-testid="global-tardia">
            El SAT pide emitir la factura global dentro de las 24 horas siguientes al cierre del
            periodo (a más tardar el {fechaLarga(limite)}). Puede timbrarla, pero hágalo cuanto
            antes.
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
