import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { searchProductsServices } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { porcentajeDeMonto } from '../model/calcular-factura.ts';
import {
  type FacturaFormValues,
  type PartidaValues,
  partidaDeProducto,
} from '../model/factura-form-values.ts';
import { idsDeRubro } from '../model/impuestos-de-partida.ts';
import { NuevoProductoEnFactura } from './alta-rapida.tsx';
import { BusquedaSelect } from '#src/shared/comprobantes/busqueda-select.tsx';

/** A field's message under it, shown even when the field is not the feedback's sibling. */
export function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Form.Control.Feedback type="invalid" className="d-block">
      {message}
    </Form.Control.Feedback>
  );
}

/** A partida's product or service: searched or registered on the spot, it fills the partida. */
export function PartidaProductoField(props: {
  index: number;
  prefix: string;
  partida: PartidaValues;
  rubros: readonly RubroImpuestoResponse[];
  error: string | undefined;
}) {
  const { index: i, prefix, partida } = props;
  const form = useFormContext<FacturaFormValues>();

  const elegirProducto = (row: ProductServiceResponse) => {
    form.setValue(`partidas.${i}`, partidaDeProducto(partida, row, props.rubros), {
      shouldDirty: true,
    });
    form.clearErrors(`partidas.${i}`);
  };

  return (
    <>
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
                  {row.product_service_key} · {row.unit_name} · {formatCurrency(row.unity_price)}
                  {row.internal_code ? ` · ${row.internal_code}` : ''}
                </div>
              </div>
            )}
            placeholder="Busque por descripción o código"
            emptyText="No hay productos o servicios que coincidan. Regístrelo con «Nuevo producto o servicio»."
            isInvalid={!!props.error}
          />
        )}
      />
      <FieldError message={props.error} />
      {partida.producto?.clave_prod_serv && (
        <Form.Text muted>Clave SAT {partida.producto.clave_prod_serv}</Form.Text>
      )}
    </>
  );
}

/** A partida's tax group: choosing one sets the partida's federal and local taxes. */
export function PartidaRubroField(props: {
  index: number;
  prefix: string;
  partida: PartidaValues;
  rubros: readonly RubroImpuestoResponse[];
  error: string | undefined;
}) {
  const { index: i, prefix, partida, rubros } = props;
  const form = useFormContext<FacturaFormValues>();
  return (
    <>
      <Form.Label htmlFor={`${prefix}-rubro`} className="fw-semibold">
        Grupo de impuestos
      </Form.Label>
      <Form.Select
        id={`${prefix}-rubro`}
        value={partida.rubro_id === null ? '' : String(partida.rubro_id)}
        isInvalid={!!props.error}
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
      <FieldError message={props.error} />
    </>
  );
}

/**
 * A partida's discount, as a percentage (the form's value) or as an amount: the amount typed is
 * turned into its percentage on blur or Enter.
 */
export function PartidaDescuentoFields(props: {
  index: number;
  prefix: string;
  cantidad: string;
  precioUnitario: string;
  decimales: number;
  /** The discount amount computed from the percentage, while no amount is being typed. */
  descuentoMonto: string | undefined;
  invalid: boolean;
  error: string | undefined;
}) {
  const { index: i, prefix } = props;
  const form = useFormContext<FacturaFormValues>();
  const [montoTexto, setMontoTexto] = useState<string | null>(null);
  const [montoError, setMontoError] = useState<string | null>(null);

  const applyMonto = () => {
    if (montoTexto === null) return;
    const r = porcentajeDeMonto({
      monto: montoTexto,
      cantidad: props.cantidad,
      precioUnitario: props.precioUnitario,
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
    <>
      <Col xs={6} md={2}>
        <Form.Label htmlFor={`${prefix}-descuento`} className="fw-semibold">
          Descuento (%)
        </Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id={`${prefix}-descuento`}
            inputMode="decimal"
            isInvalid={props.invalid}
            {...form.register(`partidas.${i}.descuento`, {
              onChange: () => setMontoError(null),
            })}
          />
          <InputGroup.Text>%</InputGroup.Text>
        </InputGroup>
        <FieldError message={props.error} />
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
            value={montoTexto ?? props.descuentoMonto ?? ''}
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
    </>
  );
}
