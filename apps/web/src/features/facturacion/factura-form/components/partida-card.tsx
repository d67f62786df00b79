import { useFormContext, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { cleanCuentaPredial } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { ClaveUnidadSelect } from '#src/shared/ui/catalog/clave-unidad-select.tsx';
import type { ErrorPartida, PartidaCalculada } from '../model/calcular-factura.ts';
import type { FacturaFormValues } from '../model/factura-form-values.ts';
import {
  FieldError,
  PartidaDescuentoFields,
  PartidaProductoField,
  PartidaRubroField,
} from './partida-fields.tsx';
import { PartidaImportes } from './partida-importes.tsx';

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
  const e = errors.partidas?.[i];
  const calcError = (campo: ErrorPartida['campo']) =>
    props.showCalcErrors && calculo && !calculo.ok
      ? calculo.errores.find((x) => x.campo === campo)?.message
      : undefined;
  const c = calculo?.ok ? calculo.calculo : null;
  const prefix = `partida-${String(i)}`;

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
            <PartidaProductoField
              index={i}
              prefix={prefix}
              partida={partida}
              rubros={rubros}
              error={e?.producto?.message}
            />
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
          <PartidaDescuentoFields
            index={i}
            prefix={prefix}
            cantidad={partida.cantidad}
            precioUnitario={partida.precio_unitario}
            decimales={props.decimales}
            descuentoMonto={c?.descuentoMonto}
            invalid={!!e?.descuento || !!calcError('descuento')}
            error={e?.descuento?.message ?? calcError('descuento')}
          />

          <Col md={4}>
            <PartidaRubroField
              index={i}
              prefix={prefix}
              partida={partida}
              rubros={rubros}
              error={calcError('impuestos')}
            />
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
            <PartidaImportes prefix={prefix} c={c} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
