import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import {
  emisionTardia,
  impuestosDeGrupo,
  limiteDeEmision,
  mesesDePeriodo,
  nombreDePeriodo,
  NOMBRES_MESES,
  sumarDias,
} from '@repo/cfdi/calc';
import type { ImportacionGlobal } from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { SerieResponse } from '@repo/contracts/series';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ApiError, errorMessageOf } from '#src/shared/http/api-error.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';
import { TimbrarConfirm } from '../../factura-form/components/timbrar-confirm.tsx';
import { useGuardarGlobal } from '../api/facturas-globales.ts';
import {
  calcularVentas,
  claveDeIntento,
  nuevaVenta,
  solicitudDe,
  ventasDeImportacion,
  type GlobalFormState,
  type VentaForm,
} from '../model/global-form-model.ts';
import { VentasImport } from './ventas-import.tsx';
import { VentasTable } from './ventas-table.tsx';

type Cambio = Partial<
  Pick<VentaForm, 'folioVenta' | 'grupoImpuestosId' | 'subtotal' | 'descuento'>
>;

/** "2026-11-01" → "1 de noviembre de 2026". */
function fechaLarga(dia: string): string {
  const [y, m, d] = dia.split('-').map(Number);
  return `${d} de ${NOMBRES_MESES[(m ?? 1) - 1]!.toLowerCase()} de ${y}`;
}

/** The server's field errors: header fields by name, sales by their index ("partidas.12.subtotal"). */
function erroresDelServidor(error: unknown) {
  const campos = error instanceof ApiError ? error.fieldErrors : {};
  const porVenta = new Map<number, string[]>();
  const generales: string[] = [];
  for (const [campo, mensajes] of Object.entries(campos)) {
    const m = /^partidas\.(\d+)/.exec(campo);
    if (m) porVenta.set(Number(m[1]), [...(porVenta.get(Number(m[1])) ?? []), ...mensajes]);
    else generales.push(...mensajes);
  }
  return { porVenta, generales };
}

/** The global invoice form: period, forma de pago, date, serie and the sales, with live totals. */
export function GlobalForm(props: {
  id: number | null;
  inicial: GlobalFormState;
  rubros: readonly RubroImpuestoResponse[];
  series: readonly SerieResponse[];
  formasPago: readonly { clave: string; descripcion: string }[];
  regimenEmisor: string;
  hoy: string;
}) {
  const navigate = useNavigate();
  const [s, setEstado] = useState<GlobalFormState>(props.inicial);
  // Unsaved changes: leaving asks first (shared guard); saving or stamping clears it.
  const [sucio, setSucio] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const setS: typeof setEstado = useCallback((v) => {
    setSucio(true);
    setEstado(v);
  }, []);
  const [id, setId] = useState<number | null>(props.id);
  const [servidor, setServidor] = useState<{
    porVenta: Map<number, string[]>;
    generales: string[];
  }>({ porVenta: new Map(), generales: [] });
  const guardar = useGuardarGlobal();
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

  const ig = {
    Periodicidad: s.periodicidad,
    Meses: mesesDePeriodo(s.periodicidad, s.month),
    Año: String(s.year),
  };
  const limite = limiteDeEmision(ig);
  const tarde = emisionTardia(ig, s.creationDate || props.hoy);
  const serie = props.series.find((x) => x.id === s.serieId);

  const onChange = useCallback(
    (key: number, cambio: Cambio) => {
      setS((prev) => ({
        ...prev,
        ventas: prev.ventas.map((v) => {
          if (v.key !== key) return v;
          const { erroresImport: _e, ...resto } = v;
          return { ...resto, ...cambio };
        }),
      }));
      setServidor((prev) => (prev.porVenta.size ? { ...prev, porVenta: new Map() } : prev));
    },
    [setS],
  );
  const onRemove = useCallback(
    (key: number) => {
      setS((prev) => ({ ...prev, ventas: prev.ventas.filter((v) => v.key !== key) }));
      setServidor((prev) => (prev.porVenta.size ? { ...prev, porVenta: new Map() } : prev));
    },
    [setS],
  );
  const onAdd = useCallback(() => {
    setS((prev) => ({
      ...prev,
      ventas: [...prev.ventas, nuevaVenta({ grupoImpuestosId: rubrosGlobales[0]?.id ?? null })],
    }));
  }, [rubrosGlobales, setS]);
  const onImported = (r: ImportacionGlobal, modo: 'reemplazar' | 'agregar') => {
    const nuevas = ventasDeImportacion(r.ventas);
    setS((prev) => ({
      ...prev,
      ventas: modo === 'agregar' ? [...prev.ventas, ...nuevas] : nuevas,
    }));
    setServidor({ porVenta: new Map(), generales: [] });
  };

  const pendientes = s.ventas !== ventas;
  const bloqueado = guardar.isPending;
  const puedeEnviar =
    !bloqueado && !pendientes && s.ventas.length > 0 && errores.size === 0 && s.serieId !== null;

  const enviar = async (timbrar: boolean) => {
    setServidor({ porVenta: new Map(), generales: [] });
    try {
      const r = await guardar.mutateAsync({
        body: solicitudDe(s, { id, ...(timbrar ? { idempotencyKey: claveDeIntento() } : {}) }),
        timbrar,
      });
      flushSync(() => setSucio(false));
      if (timbrar) {
        notify(
          'success',
          `La factura global ${r.serie.serie} ${r.serie.folio ?? ''} fue timbrada.`,
        );
        void navigate(`/facturacion/facturas-globales/detalle/${r.id}`);
      } else {
        notify('success', 'La factura global fue guardada.');
        setId(r.id);
        if (id === null)
          void navigate(`/facturacion/facturas-globales/editar/${r.id}`, { replace: true });
      }
    } catch (error) {
      const e = erroresDelServidor(error);
      if (e.porVenta.size === 0 && e.generales.length === 0)
        e.generales.push(errorMessageOf(error, 'No fue posible guardar la factura global.'));
      setServidor(e);
    }
  };

  return (
    <Form noValidate onSubmit={(e) => e.preventDefault()}>
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

      <VentasImport disabled={bloqueado} hayVentas={s.ventas.length > 0} onImported={onImported} />

      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6 fw-bold mb-3">
            Ventas del periodo ({s.ventas.length.toLocaleString('en-US')})
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
          {servidor.generales.length > 0 && (
            <Alert variant="danger" data-testid="global-errores">
              <ul className="mb-0 ps-3">
                {servidor.generales.slice(0, 10).map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Alert>
          )}
          {errores.size > 0 && (
            <Alert variant="warning">
              {errores.size.toLocaleString('en-US')}{' '}
              {errores.size === 1 ? 'venta tiene errores' : 'ventas tienen errores'}: corríjalas
              (están en rojo) para guardar o timbrar.
            </Alert>
          )}
        </Col>
        <Col lg={5}>
          <Card className="shadow-sm" data-testid="global-totales">
            <Card.Body>
              <dl className="row mb-3">
                <dt className="col-6 fw-normal">Ventas</dt>
                <dd className="col-6 text-end mb-1">
                  {calculo.totales.ventas.toLocaleString('en-US')}
                </dd>
                <dt className="col-6 fw-normal">Subtotal</dt>
                <dd className="col-6 text-end mb-1">{formatCurrency(calculo.totales.subtotal)}</dd>
                <dt className="col-6 fw-normal">Descuento</dt>
                <dd className="col-6 text-end mb-1">{formatCurrency(calculo.totales.descuento)}</dd>
                <dt className="col-6 fw-normal">Impuestos trasladados</dt>
                <dd className="col-6 text-end mb-1">{formatCurrency(calculo.totales.impuestos)}</dd>
                <dt className="col-6">Total</dt>
                <dd className="col-6 text-end mb-0 fw-bold fs-5" data-testid="global-total">
                  {formatCurrency(calculo.totales.total)}
                </dd>
              </dl>
              <div className="d-flex flex-wrap gap-2 justify-content-end">
                <Button
                  variant="outline-primary"
                  disabled={!puedeEnviar}
                  onClick={() => void enviar(false)}
                >
                  Guardar
                </Button>
                <Button disabled={!puedeEnviar} onClick={() => setConfirmar(true)}>
                  {bloqueado && <Spinner size="sm" className="me-2" />}
                  Timbrar
                </Button>
              </div>
              <small className="d-block text-end text-body-secondary mt-2">
                Timbrar usa 1 crédito.
              </small>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <TimbrarConfirm
        show={confirmar}
        clientName="PUBLICO EN GENERAL"
        total={calculo.totales.total}
        moneda="MXN"
        datos={`(factura global de ${nombreDePeriodo(ig)}, ${calculo.totales.ventas.toLocaleString('en-US')} ventas)`}
        onHide={() => setConfirmar(false)}
        onConfirm={() => {
          setConfirmar(false);
          void enviar(true);
        }}
      />
      <UnsavedChangesGuard when={sucio && !guardar.isPending} />
    </Form>
  );
}
