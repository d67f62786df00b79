import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { cleanCuentaPredial } from '@repo/contracts/products-services';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ClaveUnidadSelect } from '#src/shared/ui/catalog/clave-unidad-select.tsx';
import { searchProductsServices } from '../api/datos-maestros.ts';
import {
  type ErrorPartida,
  type ImpuestoMostrado,
  type PartidaCalculada,
  porcentajeDeMonto,
} from '../model/calcular-factura.ts';
import { type FacturaFormValues, partidaDeProducto } from '../model/factura-form-values.ts';
import { idsDeRubro } from '../model/impuestos-de-partida.ts';
import { NuevoProductoEnFactura } from './alta-rapida.tsx';
import { BusquedaSelect } from './busqueda-select.tsx';

function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Form.Control.Feedback type="invalid" className="d-block">
      {message}
    </Form.Control.Feedback>
  );
}

function ListaImpuestos(props: { titulo: string; lista: ImpuestoMostrado[]; signo: '+' | '−' }) {
  if (props.lista.length === 0) return null;
  return (
    <>
      {props.lista.map((t) => (
        <div key={`${props.titulo}-${t.etiqueta}`} className="d-flex justify-content-between small">
          <span className="text-body-secondary">
            {props.signo} {t.etiqueta}
          </span>
          <span>{t.importe === null ? 'Exento' : formatCurrency(t.importe)}</span>
        </div>
      ))}
    </>
  );
}

/** One partida of the invoice: product, quantity, unit, price, discount, taxes and its amounts. */
export function PartidaCard(props: {
  index: number;
  rubros: readonly RubroImpuestoResponse[];
  calculo:
    { ok: true; calculo: PartidaCalculada } | { ok: false; errores: ErrorPartida[] } | undefined;
  decimales: number;
  showCalcErrors: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { index: i, rubros, calculo } = props;
  const form = useFormContext<FacturaFormValues>();
  const { errors } = form.formState;
  const partida = useWatch({ control: form.control, name: `partidas.${i}` });
  const [montoTexto, setMontoTexto] = useState<string | null>(null);
  const [montoError, setMontoError] = useState<string | null>(null);
  const e = errors.partidas?.[i];
  const calcError = (campo: ErrorPartida['campo']) =>
    props.showCalcErrors && calculo && !calculo.ok
      ? calculo.errores.find((x) => x.campo === campo)?.message
      : undefined;
  const c = calculo?.ok ? calculo.calculo : null;
  const prefix = `partida-${String(i)}`;

  const elegirProducto = (row: ProductServiceResponse) => {
    form.setValue(`partidas.${i}`, partidaDeProducto(partida, row, rubros), { shouldDirty: true });
    form.clearErrors(`partidas.${i}`);
  };

  const applyMonto = () => {
    if (montoTexto === null) return;
    const r = porcentajeDeMonto({
      monto: montoTexto,
      cantidad: partida.cantidad,
      precioUnitario: partida.precio_unitario,
      decimales: props.decimales,
    });
    if (r.ok) {
      form.setValue(`partidas.${i}.descuento`, r.porcentaje, { shouldDirty: true });
      form.clearErrors(`partidas.${i}.descuento`);
      setMontoError(null);
    } else setMontoError(r.message);
    setMontoTexto(null);
  };

  return (
    <Card className="mb-3 shadow-sm" data-testid={prefix}>
      <Card.Header className="d-flex justify-content-between align-items-center bg-body">
        <span className="fw-semibold">Concepto {i + 1}</span>
        {props.canRemove && (
          <Button variant="outline-danger" size="sm" onClick={props.onRemove}>
            Quitar concepto
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        <Row className="g-3">
          <Col md={5}>
            <div className="d-flex justify-content-between align-items-baseline gap-2">
              <Form.Label htmlFor={`${prefix}-producto`} className="fw-semibold">
                Producto o servicio
              </Form.Label>
              <NuevoProductoEnFactura onCreated={elegirProducto} />
            </div>
            <Controller
              control={form.control}
              name={`partidas.${i}.producto`}
              render={({ field }) => (
                <BusquedaSelect<ProductServiceResponse>
                  id={`${prefix}-producto`}
                  queryKey="products-services"
                  valueLabel={field.value ? field.value.descripcion : null}
                  onChange={(row) => {
                    if (row) elegirProducto(row);
                  }}
                  search={searchProductsServices}
                  rowKey={(row) => row.id}
                  renderRow={(row) => (
                    <div>
                      <div className="fw-semibold">{row.description}</div>
                      <div className="small text-body-secondary">
                        {row.product_service_key} · {row.unit_name} ·{' '}
                        {formatCurrency(row.unity_price)}
                        {row.internal_code ? ` · ${row.internal_code}` : ''}
                      </div>
                    </div>
                  )}
                  placeholder="Busque por descripción o código"
                  emptyText="No hay productos o servicios que coincidan. Regístrelo con «Nuevo producto o servicio»."
                  isInvalid={!!e?.producto}
                />
              )}
            />
            <FieldError message={e?.producto?.message} />
            {partida.producto?.clave_prod_serv && (
              <Form.Text muted>Clave SAT {partida.producto.clave_prod_serv}</Form.Text>
            )}
          </Col>
          <Col md={7}>
            <Form.Label htmlFor={`${prefix}-descripcion`} className="fw-semibold">
              Descripción
            </Form.Label>
            <Form.Control
              id={`${prefix}-descripcion`}
              maxLength={1000}
              isInvalid={!!e?.descripcion}
              {...form.register(`partidas.${i}.descripcion`)}
            />
            <FieldError message={e?.descripcion?.message} />
          </Col>

          <Col xs={6} md={2}>
            <Form.Label htmlFor={`${prefix}-cantidad`} className="fw-semibold">
              Cantidad
            </Form.Label>
            <Form.Control
              id={`${prefix}-cantidad`}
              inputMode="decimal"
              isInvalid={!!e?.cantidad || !!calcError('cantidad')}
              {...form.register(`partidas.${i}.cantidad`)}
            />
            <FieldError message={e?.cantidad?.message ?? calcError('cantidad')} />
          </Col>
          <Col xs={6} md={3}>
            <Form.Label htmlFor={`${prefix}-unidad`} className="fw-semibold">
              Unidad
            </Form.Label>
            <ClaveUnidadSelect
              id={`${prefix}-unidad`}
              value={
                partida.clave_unidad
                  ? { clave: partida.clave_unidad, descripcion: partida.unidad_nombre }
                  : null
              }
              onChange={(u) => {
                form.setValue(`partidas.${i}.clave_unidad`, u?.clave ?? '', { shouldDirty: true });
                form.setValue(`partidas.${i}.unidad_nombre`, u?.nombre ?? '', {
                  shouldDirty: true,
                });
              }}
              isInvalid={!!e?.clave_unidad}
            />
            <FieldError message={e?.clave_unidad?.message} />
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor={`${prefix}-precio`} className="fw-semibold">
              Precio unitario
            </Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>$</InputGroup.Text>
              <Form.Control
                id={`${prefix}-precio`}
                inputMode="decimal"
                isInvalid={!!e?.precio_unitario || !!calcError('precioUnitario')}
                {...form.register(`partidas.${i}.precio_unitario`)}
              />
            </InputGroup>
            <FieldError message={e?.precio_unitario?.message ?? calcError('precioUnitario')} />
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor={`${prefix}-descuento`} className="fw-semibold">
              Descuento (%)
            </Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                id={`${prefix}-descuento`}
                inputMode="decimal"
                isInvalid={!!e?.descuento || !!calcError('descuento')}
                {...form.register(`partidas.${i}.descuento`, {
                  onChange: () => setMontoError(null),
                })}
              />
              <InputGroup.Text>%</InputGroup.Text>
            </InputGroup>
            <FieldError message={e?.descuento?.message ?? calcError('descuento')} />
          </Col>
          <Col xs={6} md={3}>
            <Form.Label htmlFor={`${prefix}-descuento-monto`} className="fw-semibold">
              Descuento ($)
            </Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>$</InputGroup.Text>
              <Form.Control
                id={`${prefix}-descuento-monto`}
                inputMode="decimal"
                isInvalid={!!montoError}
                value={montoTexto ?? c?.descuentoMonto ?? ''}
                onChange={(ev) => setMontoTexto(ev.target.value)}
                onBlur={applyMonto}
                onKeyDown={(ev) => {
                  if (ev.key === 'Enter') {
                    ev.preventDefault();
                    applyMonto();
                  }
                }}
              />
            </InputGroup>
            <FieldError message={montoError ?? undefined} />
          </Col>

          <Col md={4}>
            <Form.Label htmlFor={`${prefix}-rubro`} className="fw-semibold">
              Grupo de impuestos
            </Form.Label>
            <Form.Select
              id={`${prefix}-rubro`}
              value={partida.rubro_id === null ? '' : String(partida.rubro_id)}
              isInvalid={!!calcError('impuestos')}
              onChange={(ev) => {
                const rubro = rubros.find((r) => String(r.id) === ev.target.value) ?? null;
                if (!rubro) return;
                form.setValue(`partidas.${i}.rubro_id`, rubro.id, { shouldDirty: true });
                const ids = idsDeRubro(rubro);
                form.setValue(`partidas.${i}.impuestos_trasladados`, ids.impuestos_trasladados);
                form.setValue(`partidas.${i}.impuestos_retenidos`, ids.impuestos_retenidos);
                form.setValue(
                  `partidas.${i}.impuestos_locales_trasladados`,
                  ids.impuestos_locales_trasladados,
                );
                form.setValue(
                  `partidas.${i}.impuestos_locales_retenidos`,
                  ids.impuestos_locales_retenidos,
                );
              }}
            >
              {partida.rubro_id === null && (
                <option value="">
                  {partida.producto ? 'Impuestos guardados en la pre factura' : 'Elija un producto'}
                </option>
              )}
              {rubros.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Form.Select>
            <FieldError message={calcError('impuestos')} />
          </Col>
          <Col md={3}>
            <Form.Label htmlFor={`${prefix}-cuenta-predial`} className="fw-semibold">
              Cuenta predial
            </Form.Label>
            <Form.Control
              id={`${prefix}-cuenta-predial`}
              maxLength={150}
              isInvalid={!!e?.cuenta_predial}
              {...form.register(`partidas.${i}.cuenta_predial`, {
                setValueAs: (v: string) => cleanCuentaPredial(v),
              })}
            />
            <FieldError message={e?.cuenta_predial?.message} />
            <Form.Text muted>Solo letras y números; opcional.</Form.Text>
          </Col>
          <Col md={5}>
            <div className="border rounded p-2 bg-body-tertiary" data-testid={`${prefix}-importes`}>
              <div className="d-flex justify-content-between small">
                <span className="text-body-secondary">Subtotal</span>
                <span data-testid={`${prefix}-subtotal`}>{formatCurrency(c?.subtotal ?? 0)}</span>
              </div>
              {c && c.descuentoMonto !== '0.00' && (
                <div className="d-flex justify-content-between small">
                  <span className="text-body-secondary">− Descuento</span>
                  <span>{formatCurrency(c.descuentoMonto)}</span>
                </div>
              )}
              <div className="d-flex justify-content-between small">
                <span className="text-body-secondary">Importe base</span>
                <span data-testid={`${prefix}-base`}>{formatCurrency(c?.importeBase ?? 0)}</span>
              </div>
              {c && (
                <>
                  <ListaImpuestos titulo="t" lista={c.traslados} signo="+" />
                  <ListaImpuestos titulo="r" lista={c.retenciones} signo="−" />
                  <ListaImpuestos titulo="lt" lista={c.localesTrasladados} signo="+" />
                  <ListaImpuestos titulo="lr" lista={c.localesRetenidos} signo="−" />
                </>
              )}
              <div className="d-flex justify-content-between fw-semibold border-top mt-1 pt-1">
                <span>Total</span>
                <span data-testid={`${prefix}-total`}>{formatCurrency(c?.total ?? 0)}</span>
              </div>
            </div>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
