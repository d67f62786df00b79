import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { impuestosDeGrupo, periodicidadPorDia } from '@repo/cfdi/calc';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { SerieResponse } from '@repo/contracts/series';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';
import { TimbrarFacturaConfirm } from '#src/shared/comprobantes/timbrar-factura-confirm-diferido.tsx';
import {
  calcularVentas,
  periodoDelEstado,
  type GlobalFormState,
  type TotalesVivos,
} from '../model/global-form-model.ts';
import { GlobalDatosCard } from './global-datos-card.tsx';
import { useEnviarGlobal, useVentasGlobal } from './use-global-form.ts';
import { RecibosDelPeriodo } from './recibos-del-periodo.tsx';
import { VentasImport } from './ventas-import.tsx';
import { VentasTable } from './ventas-table.tsx';

/** Why the global invoice cannot be saved yet: the server's general errors and the sales in red. */
function GlobalErrores(props: { generales: readonly string[]; ventasConErrores: number }) {
  const n = props.ventasConErrores;
  return (
    <>
      {props.generales.length > 0 && (
        <Alert variant="danger" data-testid="global-errores">
          <ul className="mb-0 ps-3">
            {props.generales.slice(0, 10).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      )}
      {n > 0 && (
        <Alert variant="warning">
          {n.toLocaleString('en-US')} {n === 1 ? 'venta tiene errores' : 'ventas tienen errores'}:
          corríjalas (están en rojo) para guardar o timbrar.
        </Alert>
      )}
    </>
  );
}

/** The global invoice's live totals, with the "Guardar" and "Timbrar" buttons. */
function GlobalTotalesCard(props: {
  totales: TotalesVivos;
  puedeEnviar: boolean;
  /** False while the period has not ended (it can be saved, not stamped). */
  puedeTimbrar: boolean;
  /** A substitute is stamped, never saved as a draft. */
  puedeGuardar: boolean;
  bloqueado: boolean;
  onGuardar: () => void;
  onTimbrar: () => void;
}) {
  const { totales } = props;
  return (
    <Card className="shadow-sm" data-testid="global-totales">
      <Card.Body>
        <dl className="row mb-3">
          <dt className="col-6 fw-normal">Ventas</dt>
          <dd className="col-6 text-end mb-1">{totales.ventas.toLocaleString('en-US')}</dd>
          <dt className="col-6 fw-normal">Subtotal</dt>
          <dd className="col-6 text-end mb-1">{formatCurrency(totales.subtotal)}</dd>
          <dt className="col-6 fw-normal">Descuento</dt>
          <dd className="col-6 text-end mb-1">{formatCurrency(totales.descuento)}</dd>
          <dt className="col-6 fw-normal">Impuestos trasladados</dt>
          <dd className="col-6 text-end mb-1">{formatCurrency(totales.impuestos)}</dd>
          <dt className="col-6">Total</dt>
          <dd className="col-6 text-end mb-0 fw-bold fs-5" data-testid="global-total">
            {formatCurrency(totales.total)}
          </dd>
        </dl>
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          {props.puedeGuardar && (
            <Button
              variant="outline-primary"
              disabled={!props.puedeEnviar}
              onClick={props.onGuardar}
            >
              Guardar
            </Button>
          )}
          <Button disabled={!props.puedeEnviar || !props.puedeTimbrar} onClick={props.onTimbrar}>
            {props.bloqueado && <Spinner size="sm" className="me-2" />}
            Timbrar
          </Button>
        </div>
        <small className="d-block text-end text-body-secondary mt-2">Timbrar usa 1 crédito.</small>
      </Card.Body>
    </Card>
  );
}

/** The global invoice form: period, forma de pago, date, serie and the sales, with live totals. */
export function GlobalForm(props: {
  id: number | null;
  /** Sustituir: the stamped global this one replaces (relation 04, then its cancellation 01). */
  sustituye: number | null;
  inicial: GlobalFormState;
  rubros: readonly RubroImpuestoResponse[];
  series: readonly SerieResponse[];
  formasPago: readonly { clave: string; descripcion: string }[];
  regimenEmisor: string;
  hoy: string;
}) {
  const [s, setEstado] = useState<GlobalFormState>(props.inicial);
  // Unsaved changes: leaving asks first (shared guard); saving or stamping clears it.
  const [sucio, setSucio] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const setS: typeof setEstado = useCallback((v) => {
    setSucio(true);
    setEstado(v);
  }, []);
  const { enviar, servidor, setServidor, pendiente } = useEnviarGlobal(
    s,
    { id: props.id, sustituye: props.sustituye },
    () => setSucio(false),
  );
  // Only the tax groups that fit a global (no withholdings, local taxes or IEPS by cuota) are offered.
  const rubrosGlobales = useMemo(
    () => props.rubros.filter((r) => impuestosDeGrupo(r).ok),
    [props.rubros],
  );
  const ventas = useDeferredValue(s.ventas);
  const calculo = useMemo(() => calcularVentas(ventas, props.rubros), [ventas, props.rubros]);
  const errores = useMemo(() => {
    if (servidor.porVenta.size === 0) return calculo.errores;
    const m = new Map(calculo.errores);
    for (const [i, l] of servidor.porVenta) m.set(i, [...(m.get(i) ?? []), ...l]);
    return m;
  }, [calculo.errores, servidor.porVenta]);
  const { onChange, onRemove, onAdd, onImported, onRecibos } = useVentasGlobal(
    setS,
    setServidor,
    rubrosGlobales,
  );

  const periodo = periodoDelEstado(s);
  const pendientes = s.ventas !== ventas;
  const bloqueado = pendiente;
  const puedeEnviar =
    !bloqueado && !pendientes && s.ventas.length > 0 && errores.size === 0 && s.serieId !== null;

  return (
    <Form noValidate onSubmit={(e) => e.preventDefault()}>
      <GlobalDatosCard
        estado={s}
        setEstado={setS}
        periodo={periodo}
        bloqueado={bloqueado}
        series={props.series}
        formasPago={props.formasPago}
        regimenEmisor={props.regimenEmisor}
        hoy={props.hoy}
      />

      <RecibosDelPeriodo
        disabled={bloqueado}
        periodo={
          periodo
            ? {
                periodicidad: s.periodicidad,
                year: s.year,
                month: s.month,
                dia: periodicidadPorDia(s.periodicidad) && s.dia ? s.dia : null,
              }
            : null
        }
        onRecibos={onRecibos}
      />

      <VentasImport disabled={bloqueado} hayVentas={s.ventas.length > 0} onImported={onImported} />

      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6 fw-bold mb-3">
            Ventas del periodo{periodo ? ` ${periodo.nombre}` : ''} (
            {s.ventas.length.toLocaleString('en-US')})
          </h2>
          <VentasTable
            ventas={s.ventas}
            porVenta={calculo.porVenta}
            errores={errores}
            rubros={rubrosGlobales}
            disabled={bloqueado}
            onChange={onChange}
            onRemove={onRemove}
            onAdd={onAdd}
          />
        </Card.Body>
      </Card>

      <Row className="g-4 mb-5">
        <Col lg={7}>
          <GlobalErrores generales={servidor.generales} ventasConErrores={errores.size} />
        </Col>
        <Col lg={5}>
          <GlobalTotalesCard
            totales={calculo.totales}
            puedeEnviar={puedeEnviar}
            puedeTimbrar={periodo !== null && props.hoy > periodo.fin}
            puedeGuardar={props.sustituye === null}
            bloqueado={bloqueado}
            onGuardar={() => void enviar(false)}
            onTimbrar={() => setConfirmar(true)}
          />
        </Col>
      </Row>
      <TimbrarFacturaConfirm
        show={confirmar}
        clientName="PUBLICO EN GENERAL"
        total={calculo.totales.total}
        moneda="MXN"
        datos={`(factura global de ${periodo?.nombre ?? ''}, ${calculo.totales.ventas.toLocaleString('en-US')} ventas)`}
        onHide={() => setConfirmar(false)}
        onConfirm={() => {
          setConfirmar(false);
          void enviar(true);
        }}
      />
      <UnsavedChangesGuard when={sucio && !pendiente} />
    </Form>
  );
}
