import type { Dispatch, SetStateAction } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { fechaLarga, type PeriodoCalculado, sumarDias } from '@repo/cfdi/calc';
import type { SerieResponse } from '@repo/contracts/series';
import type { GlobalFormState } from '../model/global-form-model.ts';
import { GlobalPeriodoFields } from './global-periodo-fields.tsx';

/** The global invoice's data: periodicidad, forma de pago, date and serie, with the late warning. */
export function GlobalDatosCard(props: {
  estado: GlobalFormState;
  setEstado: Dispatch<SetStateAction<GlobalFormState>>;
  periodo: PeriodoCalculado | null;
  bloqueado: boolean;
  series: readonly SerieResponse[];
  formasPago: readonly { clave: string; descripcion: string }[];
  regimenEmisor: string;
  hoy: string;
}) {
  const { estado: s, setEstado: setS, bloqueado } = props;
  const fin = props.periodo?.fin ?? null;
  // RMF 2.7.1.21: issued within the 24 hours after the period closes; never before it closes.
  const limite = fin ? sumarDias(fin, 1) : null;
  const enCurso = fin !== null && props.hoy <= fin;
  const tarde = limite !== null && (s.creationDate || props.hoy) > limite;
  const serie = props.series.find((x) => x.id === s.serieId);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <Row className="g-3">
          <GlobalPeriodoFields
            estado={s}
            setEstado={setS}
            bloqueado={bloqueado}
            regimenEmisor={props.regimenEmisor}
            hoy={props.hoy}
          />
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
        {enCurso && props.periodo && (
          <Alert variant="info" className="mt-3 mb-0" data-testid="global-en-curso">
            El periodo {props.periodo.nombre} aún no termina: puede guardar la factura global, y
            podrá timbrarla a partir del {fechaLarga(limite!)}.
          </Alert>
        )}
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
