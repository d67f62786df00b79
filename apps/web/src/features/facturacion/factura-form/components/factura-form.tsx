import { diasAntes, hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import { DECIMALES_MONEDA, RFC_GENERICO } from '@repo/cfdi/catalogos';
import type { ClientResponse } from '@repo/contracts/clients';
import type { DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import {
  SELLOS_EXPIRADOS_MESSAGE,
  type FacturaDetail,
  type TimbrarFacturaResponse,
} from '@repo/contracts/facturas';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieResponse } from '@repo/contracts/series';
import { FolioPreview } from '#src/shared/comprobantes/folio-preview.tsx';
import { sellosPermitenTimbrar, useEmision } from '#src/shared/comprobantes/use-emision.ts';
import {
  confirmDelete,
  notify,
  showPersistentError,
  showSuccessDialog,
} from '#src/shared/feedback/feedback-store.ts';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import {
  searchClients,
  useFormasPago,
  useMetodosPago,
  useRegimenesFiscales,
  useUsosCfdi,
} from '../api/datos-maestros.ts';
import {
  createAndTimbrarFactura,
  createPreFactura,
  deletePreFactura,
  timbrarPreFactura,
  timbrarPreFacturaOriginal,
  updatePreFactura,
} from '../api/facturas-ingreso.ts';
import { type ErrorPartida, calcularFactura } from '../model/calcular-factura.ts';
import {
  type FacturaFormValues,
  partidaVacia,
  porcentajeDescuento,
  toFacturaRequest,
  validateFactura,
} from '../model/factura-form-values.ts';
import { type CatalogoImpuestos, impuestosDePartida } from '../model/impuestos-de-partida.ts';
import { checkRegimen626 } from '../model/regimen-626.ts';
import { NuevoClienteEnFactura } from './alta-rapida.tsx';
import { BusquedaSelect } from './busqueda-select.tsx';
import { PartidaCard } from './partida-card.tsx';
import { TipoCambioField } from './tipo-cambio-field.tsx';
import { TotalesCard } from './totales-card.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';
import { TimbrarConfirm } from './timbrar-confirm.tsx';

export type FacturaFormMode = 'nuevo' | 'editar' | 'clonar';

const MONEDAS: { clave: string; nombre: string }[] = [
  { clave: 'MXN', nombre: 'Peso mexicano' },
  { clave: 'USD', nombre: 'Dólar americano' },
  { clave: 'EUR', nombre: 'Euro' },
  { clave: 'CAD', nombre: 'Dólar canadiense' },
  { clave: 'GBP', nombre: 'Libra esterlina' },
  { clave: 'JPY', nombre: 'Yen japonés' },
];

const TIPOS_RELACION: { clave: string; nombre: string }[] = [
  { clave: '01', nombre: 'Nota de crédito de los documentos relacionados' },
  { clave: '02', nombre: 'Nota de débito de los documentos relacionados' },
  { clave: '03', nombre: 'Devolución de mercancía sobre facturas o traslados previos' },
  { clave: '04', nombre: 'Sustitución de los CFDI previos' },
  { clave: '05', nombre: 'Traslados de mercancías facturados previamente' },
  { clave: '06', nombre: 'Factura generada por los traslados previos' },
  { clave: '07', nombre: 'CFDI por aplicación de anticipo' },
];

const PERIODICIDADES = [
  ['01', 'Diario'],
  ['02', 'Semanal'],
  ['03', 'Quincenal'],
  ['04', 'Mensual'],
  ['05', 'Bimestral'],
] as const;

const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

const CAMPO_PARTIDA: Record<ErrorPartida['campo'], string> = {
  cantidad: 'cantidad',
  precioUnitario: 'precio_unitario',
  descuento: 'descuento',
  impuestos: 'rubro_id',
};

/** Field paths the server's 422 may name, as the form registers them. */
function formPathOf(key: string): string | null {
  const k = key.replace(/\[(\d+)\]/g, '.$1');
  if (/^partidas\.\d+\.product_service_id$/.test(k))
    return k.replace('product_service_id', 'producto');
  if (
    /^(client_id|serie_id|fecha|forma_pago|metodo_pago|uso_cfdi|moneda|tipo_cambio|condiciones_pago|exportacion)$/.test(
      k,
    ) ||
    /^partidas\.\d+\.(descripcion|cantidad|clave_unidad|precio_unitario|descuento|cuenta_predial)$/.test(
      k,
    ) ||
    /^cfdi_relacionados\.\d+\.(tipo_relacion|uuids)$/.test(k)
  )
    return k;
  return null;
}

export interface FacturaFormProps {
  mode: FacturaFormMode;
  /** The pre-invoice being edited. */
  facturaId: number | null;
  initialValues: FacturaFormValues;
  initialClient: ClientResponse | null;
  rubros: readonly RubroImpuestoResponse[];
  catalogo: CatalogoImpuestos;
  series: readonly SerieResponse[];
  emisor: DatosFiscalesResponse | null;
  sellos: SellosFiscalesResponse | null;
}

/** The income-invoice form: nuevo, editar (a pre-invoice) and clonar. */
export function FacturaForm(props: FacturaFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FacturaFormValues>({ defaultValues: props.initialValues });
  const partidasArray = useFieldArray({ control: form.control, name: 'partidas' });
  const relacionados = useFieldArray({ control: form.control, name: 'cfdi_relacionados' });
  const [cliente, setCliente] = useState<ClientResponse | null>(props.initialClient);
  const [submitted, setSubmitted] = useState(false);
  // Stamping spends a credit and cannot be undone: the form asks first (nuevo, clonar, editar).
  const [confirmar, setConfirmar] = useState<'formulario' | 'originales' | null>(null);
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf,
    setFieldError: (path, message) =>
      form.setError(path as 'client_id', { type: 'server', message }),
    avisoCampos: 'Revise los datos marcados de la factura.',
  });
  const { errors } = form.formState;
  // A corrected field loses its message at once; the checks run again on the next send.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name) form.clearErrors(name as 'client_id');
      },
    });
  }, [form]);

  const formasPago = useFormasPago();
  const metodosPago = useMetodosPago();
  const regimenes = useRegimenesFiscales();
  const usosCfdi = useUsosCfdi(
    cliente ? { rfc: cliente.rfc, regimenFiscal: cliente.regimenFiscal } : null,
  );

  const moneda = useWatch({ control: form.control, name: 'moneda' });
  const metodoPago = useWatch({ control: form.control, name: 'metodo_pago' });
  const serieId = useWatch({ control: form.control, name: 'serie_id' });
  // Controlled: their options arrive after the value is set (catalog calls).
  const formaPago = useWatch({ control: form.control, name: 'forma_pago' });
  const usoCfdi = useWatch({ control: form.control, name: 'uso_cfdi' });
  const partidasWatched = useWatch({ control: form.control, name: 'partidas' });
  const serie = props.series.find((s) => s.id === serieId) ?? null;
  const calculo = useMemo(
    () =>
      calcularFactura({
        moneda,
        partidas: partidasWatched.map((p) => ({
          cantidad: p.cantidad,
          precioUnitario: p.precio_unitario,
          descuento: porcentajeDescuento(p.descuento),
          impuestos: impuestosDePartida(p, props.catalogo),
        })),
      }),
    [moneda, partidasWatched, props.catalogo],
  );
  // The saved pre-invoice's total, for "Timbrar con datos originales" (the form may differ).
  const totalGuardado = useMemo(
    () =>
      calcularFactura({
        moneda: props.initialValues.moneda,
        partidas: props.initialValues.partidas.map((p) => ({
          cantidad: p.cantidad,
          precioUnitario: p.precio_unitario,
          descuento: porcentajeDescuento(p.descuento),
          impuestos: impuestosDePartida(p, props.catalogo),
        })),
      }).totales.total,
    [props.initialValues, props.catalogo],
  );
  const decimales = DECIMALES_MONEDA[moneda] ?? 2;
  const esPublicoEnGeneral =
    cliente?.rfc === RFC_GENERICO.PUBLICO_EN_GENERAL &&
    cliente.name_razon_social.trim().toUpperCase() === 'PUBLICO EN GENERAL';

  const chooseClient = (c: ClientResponse | null) => {
    setCliente(c);
    form.setValue('client_id', c?.id ?? null, { shouldDirty: true });
    form.clearErrors('client_id');
    if (!c) return;
    form.setValue('uso_cfdi', c.usoCfdi);
    const metodo = c.metodoPago ?? 'PUE';
    form.setValue('metodo_pago', metodo);
    form.setValue('forma_pago', metodo === 'PPD' ? '99' : (c.formaPago ?? ''));
    const [anio, mes] = hoyDelEmisor(props.emisor?.zona_horaria).split('-');
    form.setValue(
      'informacion_global',
      c.rfc === RFC_GENERICO.PUBLICO_EN_GENERAL &&
        c.name_razon_social.trim().toUpperCase() === 'PUBLICO EN GENERAL'
        ? {
            periodicidad: '04',
            meses: mes ?? '',
            anio: anio ?? '',
          }
        : null,
    );
  };

  /** Local checks; true when the values may be sent. */
  const check = (values: FacturaFormValues): boolean => {
    form.clearErrors();
    setFailure(null);
    setSubmitted(true);
    const found = validateFactura(values);
    calculo.partidas.forEach((p, i) => {
      if (!p.ok)
        for (const e of p.errores)
          found[`partidas.${String(i)}.${CAMPO_PARTIDA[e.campo]}`] ??= e.message;
    });
    for (const [path, message] of Object.entries(found)) {
      form.setError(path as 'client_id', { type: 'local', message });
    }
    if (calculo.errores.length > 0) setFailure(calculo.errores.join(' '));
    const ok = Object.keys(found).length === 0 && calculo.errores.length === 0;
    if (!ok) notify('error', 'Revise los datos marcados de la factura.');
    return ok;
  };

  /** Spec section 5: checks made before any stamping call, shown as persistent banners. */
  const checkTimbrado = (values: FacturaFormValues): boolean => {
    if (!sellosPermitenTimbrar(props.sellos, setFailure)) return false;
    if (props.emisor && cliente) {
      const regla = checkRegimen626({
        emisor: { rfc: props.emisor.rfc, regimenFiscal: props.emisor.regimen_fiscal },
        receptorRfc: cliente.rfc,
        partidas: values.partidas.map((p) => impuestosDePartida(p, props.catalogo)),
      });
      if (regla) {
        showPersistentError(regla.hint ? `${regla.message} ${regla.hint}` : regla.message, null);
        return false;
      }
    }
    return true;
  };

  const timbrada = async (r: TimbrarFacturaResponse) => {
    aplicarCreditos(r.user_total_remaining_credits);
    await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
    const f = r.factura;
    showSuccessDialog(
      `La factura ${f.serie}-${String(f.folio ?? '')} fue timbrada con el folio fiscal (UUID) ${f.uuid ?? ''}.`,
      'Factura timbrada',
    );
    void navigate(`/facturacion/facturas/detalle/${String(f.id)}`);
  };

  const guardar = () => {
    const values = form.getValues();
    if (!check(values)) return;
    void run(async () => {
      const body = toFacturaRequest(values);
      let saved: FacturaDetail;
      if (props.mode === 'editar' && props.facturaId !== null) {
        saved = await updatePreFactura(props.facturaId, body);
        form.reset(values);
      } else {
        saved = await createPreFactura(body);
      }
      await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
      notify('success', 'La pre factura fue guardada.');
      if (props.mode !== 'editar')
        void navigate(`/facturacion/facturas/editar/${String(saved.id)}`, { replace: true });
    });
  };

  const timbrar = () => {
    const values = form.getValues();
    if (!check(values) || !checkTimbrado(values)) return;
    setConfirmar('formulario');
  };

  const timbrarFormulario = () => {
    const values = form.getValues();
    void run(async () => {
      const body = toFacturaRequest(values);
      const facturaId = props.facturaId;
      const r =
        props.mode === 'editar' && facturaId !== null
          ? await timbrarPreFactura(facturaId, body)
          : await conClave((key) => createAndTimbrarFactura({ ...body, idempotency_key: key }));
      await timbrada(r);
    });
  };

  const timbrarOriginal = () => {
    setFailure(null);
    if (props.sellos?.is_expired) {
      showPersistentError(SELLOS_EXPIRADOS_MESSAGE, null);
      return;
    }
    setConfirmar('originales');
  };

  const timbrarDatosOriginales = () => {
    const id = props.facturaId;
    if (id === null) return;
    void run(async () => {
      await timbrada(await timbrarPreFacturaOriginal(id));
    });
  };

  const eliminar = () => {
    const id = props.facturaId;
    if (id === null) return;
    confirmDelete({
      title: 'Eliminar pre factura',
      message: '¿Desea eliminar esta pre factura? Esta acción no se puede deshacer.',
      onAccept: async () => {
        await deletePreFactura(id);
        await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
        notify('success', 'La pre factura fue eliminada.');
      },
      redirectTo: '/facturacion/facturas',
    });
  };

  const today = hoyDelEmisor(props.emisor?.zona_horaria);
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => e.preventDefault()}>
        {failure && (
          <Alert
            variant="danger"
            dismissible
            onClose={() => setFailure(null)}
            data-testid="factura-error"
          >
            {failure}
          </Alert>
        )}
        <Card className="shadow-sm mb-4">
          <Card.Body>
            <Card.Title as="h2" className="h6 fw-bold mb-3">
              Cliente y datos del comprobante
            </Card.Title>
            <Row className="g-3">
              <Col lg={6}>
                <div className="d-flex justify-content-between align-items-baseline gap-2">
                  <Form.Label htmlFor="factura-cliente" className="fw-semibold">
                    Cliente
                  </Form.Label>
                  <NuevoClienteEnFactura onCreated={chooseClient} />
                </div>
                <BusquedaSelect<ClientResponse>
                  id="factura-cliente"
                  queryKey="clients"
                  valueLabel={cliente ? `${cliente.name_razon_social} (${cliente.rfc})` : null}
                  onChange={chooseClient}
                  search={searchClients}
                  rowKey={(c) => c.id}
                  renderRow={(c) => (
                    <div>
                      <div className="fw-semibold">{c.name_razon_social}</div>
                      <div className="small text-body-secondary">
                        {c.rfc} · Régimen {c.regimenFiscal} · C.P. {c.address.codigo_postal || '—'}
                      </div>
                    </div>
                  )}
                  placeholder="Busque por nombre, razón social o RFC"
                  emptyText="No hay clientes que coincidan. Regístrelo con «Nuevo cliente»."
                  isInvalid={!!errors.client_id}
                />
                {errors.client_id && (
                  <Form.Control.Feedback type="invalid" className="d-block">
                    {errors.client_id.message}
                  </Form.Control.Feedback>
                )}
                {cliente && (
                  <div className="small text-body-secondary mt-1" data-testid="cliente-datos">
                    RFC <span className="font-monospace">{cliente.rfc}</span> · Régimen fiscal{' '}
                    {cliente.regimenFiscal}
                    {regimenes.data?.find((r) => r.clave === cliente.regimenFiscal)
                      ? ` - ${regimenes.data.find((r) => r.clave === cliente.regimenFiscal)?.descripcion ?? ''}`
                      : ''}{' '}
                    · C.P. {cliente.address.codigo_postal || '—'}
                  </div>
                )}
              </Col>
              <Col sm={6} lg={3}>
                <Form.Label htmlFor="factura-serie" className="fw-semibold">
                  Serie
                </Form.Label>
                <Form.Select
                  id="factura-serie"
                  isInvalid={!!errors.serie_id}
                  {...form.register('serie_id', {
                    setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)),
                  })}
                >
                  <option value="">Elija una serie</option>
                  {props.series.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.serie}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errors.serie_id?.message}
                </Form.Control.Feedback>
                <FolioPreview
                  serie={serie}
                  hayDeEsteTipo={props.series.length > 0}
                  sinSeries="Registre una serie de facturas de ingreso en Configuraciones › Series y folios."
                />
              </Col>
              <Col sm={6} lg={3}>
                <Form.Label htmlFor="factura-fecha" className="fw-semibold">
                  Fecha
                </Form.Label>
                <Form.Control
                  id="factura-fecha"
                  type="date"
                  min={diasAntes(today, 2)}
                  max={today}
                  isInvalid={!!errors.fecha}
                  {...form.register('fecha')}
                />
                <Form.Control.Feedback type="invalid">
                  {errors.fecha?.message}
                </Form.Control.Feedback>
                <Form.Text muted>Hoy o hasta dos días atrás.</Form.Text>
              </Col>

              <Col sm={6} lg={4}>
                <Form.Label htmlFor="factura-metodo-pago" className="fw-semibold">
                  Método de pago
                </Form.Label>
                <Form.Select
                  id="factura-metodo-pago"
                  isInvalid={!!errors.metodo_pago}
                  {...form.register('metodo_pago', {
                    onChange: (e: { target: { value: string } }) => {
                      if (e.target.value === 'PPD') form.setValue('forma_pago', '99');
                      else if (form.getValues('forma_pago') === '99')
                        form.setValue('forma_pago', '');
                    },
                  })}
                >
                  <ClaveOptions
                    rows={
                      metodosPago.data ?? [
                        { clave: 'PUE', descripcion: 'Pago en una sola exhibición' },
                        { clave: 'PPD', descripcion: 'Pago en parcialidades o diferido' },
                      ]
                    }
                  />
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errors.metodo_pago?.message}
                </Form.Control.Feedback>
              </Col>
              <Col sm={6} lg={4}>
                <Form.Label htmlFor="factura-forma-pago" className="fw-semibold">
                  Forma de pago
                </Form.Label>
                <Form.Select
                  id="factura-forma-pago"
                  disabled={metodoPago === 'PPD'}
                  isInvalid={!!errors.forma_pago}
                  value={formaPago}
                  onChange={(e) =>
                    form.setValue('forma_pago', e.target.value, { shouldDirty: true })
                  }
                >
                  <option value="">Elija la forma de pago</option>
                  <ClaveOptions
                    rows={(formasPago.data ?? []).filter(
                      (f) => metodoPago === 'PPD' || f.clave !== '99',
                    )}
                  />
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errors.forma_pago?.message}
                </Form.Control.Feedback>
                {metodoPago === 'PPD' && (
                  <Form.Text muted>Con PPD la forma de pago es 99 (Por definir).</Form.Text>
                )}
              </Col>
              <Col lg={4}>
                <Form.Label htmlFor="factura-uso-cfdi" className="fw-semibold">
                  Uso del CFDI
                </Form.Label>
                <Form.Select
                  id="factura-uso-cfdi"
                  disabled={!cliente}
                  isInvalid={!!errors.uso_cfdi}
                  value={usoCfdi}
                  onChange={(e) => form.setValue('uso_cfdi', e.target.value, { shouldDirty: true })}
                >
                  <option value="">
                    {cliente ? 'Elija el uso del CFDI' : 'Elija primero el cliente'}
                  </option>
                  <ClaveOptions rows={usosCfdi.data ?? []} />
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errors.uso_cfdi?.message}
                </Form.Control.Feedback>
                {cliente && (
                  <Form.Text muted>
                    Usos permitidos para el tipo de persona y régimen del cliente.
                  </Form.Text>
                )}
              </Col>

              <Col sm={6} lg={3}>
                <Form.Label htmlFor="factura-moneda" className="fw-semibold">
                  Moneda
                </Form.Label>
                <Form.Select
                  id="factura-moneda"
                  isInvalid={!!errors.moneda}
                  {...form.register('moneda')}
                >
                  {MONEDAS.map((m) => (
                    <option key={m.clave} value={m.clave}>
                      {m.clave} - {m.nombre}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errors.moneda?.message}
                </Form.Control.Feedback>
              </Col>
              {moneda !== 'MXN' && <TipoCambioField moneda={moneda} />}
              <Col sm={6} lg={3}>
                <Form.Label htmlFor="factura-exportacion" className="fw-semibold">
                  Exportación
                </Form.Label>
                <Form.Select id="factura-exportacion" {...form.register('exportacion')}>
                  <option value="01">01 - No aplica</option>
                </Form.Select>
                <Form.Text muted>
                  La exportación de mercancías requiere Comercio Exterior.
                </Form.Text>
              </Col>
              <Col lg={moneda !== 'MXN' ? 12 : 6}>
                <Form.Label htmlFor="factura-condiciones" className="fw-semibold">
                  Condiciones de pago
                </Form.Label>
                <Form.Control
                  id="factura-condiciones"
                  maxLength={1000}
                  placeholder="Opcional, p. ej. Crédito a 30 días"
                  isInvalid={!!errors.condiciones_pago}
                  {...form.register('condiciones_pago')}
                />
                <Form.Control.Feedback type="invalid">
                  {errors.condiciones_pago?.message}
                </Form.Control.Feedback>
              </Col>

              {esPublicoEnGeneral && (
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
                        <Form.Select
                          id="factura-meses"
                          {...form.register('informacion_global.meses')}
                        >
                          {MESES.map((n, idx) => {
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
              )}

              <Col xs={12}>
                {relacionados.fields.map((r, idx) => (
                  <Row
                    key={r.id}
                    className="g-2 align-items-start mb-2"
                    data-testid={`relacionado-${String(idx)}`}
                  >
                    <Col md={5}>
                      <Form.Label
                        htmlFor={`relacionado-${String(idx)}-tipo`}
                        className="fw-semibold"
                      >
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
                      <Form.Label
                        htmlFor={`relacionado-${String(idx)}-uuids`}
                        className="fw-semibold"
                      >
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
                      <Button
                        variant="outline-danger"
                        size="sm"
                        onClick={() => relacionados.remove(idx)}
                      >
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
            </Row>
          </Card.Body>
        </Card>

        <h2 className="h5 fw-bold mb-3">Conceptos</h2>
        {partidasArray.fields.map((f, i) => (
          <PartidaCard
            key={f.id}
            index={i}
            rubros={props.rubros}
            calculo={calculo.partidas[i]}
            decimales={decimales}
            showCalcErrors={submitted}
            canRemove={partidasArray.fields.length > 1}
            onRemove={() => partidasArray.remove(i)}
          />
        ))}
        {typeof errors.partidas?.message === 'string' && (
          <Alert variant="danger">{errors.partidas.message}</Alert>
        )}
        <Row className="g-4 mb-5">
          <Col lg={7}>
            <Button variant="outline-primary" onClick={() => partidasArray.append(partidaVacia())}>
              + Agregar concepto
            </Button>
          </Col>
          <Col lg={5}>
            <TotalesCard
              totales={calculo.totales}
              moneda={moneda}
              incompleta={!calculo.completa && calculo.partidas.length > 0}
              errores={calculo.errores}
            />
            <div className="d-flex flex-wrap gap-2 justify-content-end mt-3">
              {props.mode === 'editar' && (
                <Button variant="outline-danger" disabled={busy} onClick={eliminar}>
                  Eliminar
                </Button>
              )}
              {props.mode === 'editar' && (
                <Button variant="outline-secondary" disabled={busy} onClick={timbrarOriginal}>
                  Timbrar con datos originales
                </Button>
              )}
              <Button variant="secondary" disabled={busy} onClick={guardar}>
                Guardar pre factura
              </Button>
              <Button variant="primary" disabled={busy} onClick={timbrar}>
                Timbrar
              </Button>
            </div>
          </Col>
        </Row>
      </Form>
      <UnsavedChangesGuard when={form.formState.isDirty && !busy} />
      <TimbrarConfirm
        show={confirmar !== null}
        clientName={cliente?.name_razon_social ?? ''}
        total={confirmar === 'originales' ? totalGuardado : calculo.totales.total}
        moneda={confirmar === 'originales' ? props.initialValues.moneda : moneda}
        datos={
          confirmar === 'originales'
            ? 'con los datos guardados de la pre factura (sin los cambios del formulario)'
            : 'con los datos del formulario'
        }
        onHide={() => setConfirmar(null)}
        onConfirm={() => {
          const cual = confirmar;
          setConfirmar(null);
          if (cual === 'originales') timbrarDatosOriginales();
          else timbrarFormulario();
        }}
      />
    </FormProvider>
  );
}
