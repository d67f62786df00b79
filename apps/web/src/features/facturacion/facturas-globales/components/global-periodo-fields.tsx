import type { Dispatch, SetStateAction } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { periodicidadPorDia, periodosDelMes } from '@repo/cfdi/calc';
import type { PeriodicidadGlobal } from '@repo/contracts/facturas-globales';
import { diaPorOmision, type GlobalFormState } from '../model/global-form-model.ts';

/**
 * c_Periodicidad as RMF rule 2.7.1.21 allows the CFDI global: a day, a week, a fortnight, a month,
 * or a bimester only in régimen 621 (CFDI40132).
 */
const PERIODICIDADES: readonly { clave: PeriodicidadGlobal; nombre: string }[] = [
  { clave: '01', nombre: '01 - Diario' },
  { clave: '02', nombre: '02 - Semanal' },
  { clave: '03', nombre: '03 - Quincenal' },
  { clave: '04', nombre: '04 - Mensual' },
  { clave: '05', nombre: '05 - Bimestral (RIF)' },
];

const NOMBRE_PERIODO: Record<string, string> = { '01': 'Día', '02': 'Semana', '03': 'Quincena' };

/** The periodicidad and, for a day, week or fortnight, which one of the month. */
export function GlobalPeriodoFields(props: {
  estado: GlobalFormState;
  setEstado: Dispatch<SetStateAction<GlobalFormState>>;
  bloqueado: boolean;
  regimenEmisor: string;
  hoy: string;
}) {
  const { estado: s, setEstado: setS, bloqueado } = props;
  const periodos = periodosDelMes(s.periodicidad, s.year, s.month);
  const opciones = PERIODICIDADES.filter(
    (p) => p.clave !== '05' || props.regimenEmisor === '621' || s.periodicidad === '05',
  );
  return (
    <>
      <Col md={6} lg={3}>
        <Form.Group controlId="global-periodicidad">
          <Form.Label className="fw-semibold">Periodicidad</Form.Label>
          <Form.Select
            value={s.periodicidad}
            disabled={bloqueado}
            onChange={(e) => {
              const periodicidad = e.target.value as PeriodicidadGlobal;
              setS({
                ...s,
                periodicidad,
                dia: diaPorOmision(periodicidad, s.year, s.month, props.hoy),
              });
            }}
          >
            {opciones.map((p) => (
              <option key={p.clave} value={p.clave}>
                {p.nombre}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      {periodicidadPorDia(s.periodicidad) && (
        <Col md={6} lg={3}>
          <Form.Group controlId="global-periodo">
            <Form.Label className="fw-semibold">{NOMBRE_PERIODO[s.periodicidad]}</Form.Label>
            <Form.Select
              value={s.dia}
              disabled={bloqueado}
              onChange={(e) => setS({ ...s, dia: e.target.value })}
            >
              {periodos.map((p) => (
                <option key={p.inicio} value={p.inicio}>
                  {p.nombre}
                  {p.fin >= props.hoy ? ' (en curso)' : ''}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      )}
    </>
  );
}
