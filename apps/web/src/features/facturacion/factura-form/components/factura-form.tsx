import { diasAntes, hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DECIMALES_MONEDA, RFC_GENERICO } from '@repo/cfdi/catalogos';
import type { ClientResponse } from '@repo/contracts/clients';
import type { DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieResponse } from '@repo/contracts/series';
import { FolioPreview } from '#src/shared/comprobantes/folio-preview.tsx';
import { useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { calcularFactura } from '../model/calcular-factura.ts';
import {
  type FacturaFormValues,
  partidaVacia,
  porcentajeDescuento,
} from '../model/factura-form-values.ts';
import { type CatalogoImpuestos, impuestosDePartida } from '../model/impuestos-de-partida.ts';
import { PartidaCard } from './partida-card.tsx';
import { TotalesCard } from './totales-card.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';
import { TimbrarFacturaConfirm } from '#src/shared/comprobantes/timbrar-factura-confirm-diferido.tsx';
import { CfdiRelacionadosFields } from './cfdi-relacionados-fields.tsx';
import { ClienteField } from './cliente-field.tsx';
import { MonedaFields } from './moneda-fields.tsx';
import { InformacionGlobalFields } from './informacion-global-fields.tsx';
import { PagoFields } from './pago-fields.tsx';
import { useAccionesFactura } from './use-acciones-factura.ts';

export type FacturaFormMode = 'nuevo' | 'editar' | 'clonar' | 'sustituir';

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
  /** Sustituir: the stamped invoice this one replaces (relation 04, then its cancellation 01). */
  sustituye?: number | null;
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
  const form = useForm<FacturaFormValues>({ defaultValues: props.initialValues });
  const partidasArray = useFieldArray({ control: form.control, name: 'partidas' });
  const [cliente, setCliente] = useState<ClientResponse | null>(props.initialClient);
  const [submitted, setSubmitted] = useState(false);
  // Stamping spends a credit and cannot be undone: the form asks first (nuevo, clonar, editar).
  const [confirmar, setConfirmar] = useState<'formulario' | 'originales' | null>(null);
  const emision = useEmision({
    formPathOf,
    setFieldError: (path, message) =>
      form.setError(path as 'client_id', { type: 'server', message }),
    avisoCampos: 'Revise los datos marcados de la factura.',
  });
  const { busy, failure, setFailure } = emision;
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

  const moneda = useWatch({ control: form.control, name: 'moneda' });
  const serieId = useWatch({ control: form.control, name: 'serie_id' });
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
    // CP01 (Pagos) is not an invoice's uso: the user picks one (the field offers the others).
    form.setValue('uso_cfdi', c.usoCfdi === 'CP01' ? '' : c.usoCfdi);
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

  const { guardar, timbrar, timbrarFormulario, timbrarOriginal, timbrarDatosOriginales, eliminar } =
    useAccionesFactura({ props, form, cliente, calculo, setSubmitted, setConfirmar, emision });

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
              <ClienteField cliente={cliente} chooseClient={chooseClient} />
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

              <PagoFields cliente={cliente} lugarExpedicion={props.emisor?.codigo_postal ?? null} />

              <MonedaFields moneda={moneda} />

              {esPublicoEnGeneral && <InformacionGlobalFields />}

              <CfdiRelacionadosFields />
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
              {props.mode !== 'sustituir' && (
                <Button variant="secondary" disabled={busy} onClick={guardar}>
                  Guardar pre factura
                </Button>
              )}
              <Button variant="primary" disabled={busy} onClick={timbrar}>
                Timbrar
              </Button>
            </div>
          </Col>
        </Row>
      </Form>
      <UnsavedChangesGuard when={form.formState.isDirty && !busy} />
      <TimbrarFacturaConfirm
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
