import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { searchProductsServices } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { BusquedaSelect } from '#src/shared/comprobantes/busqueda-select.tsx';
import { formatCurrency } from '#src/shared/format/currency.ts';
import type { LineaRecibo } from '../model/recibo-form-values.ts';

/**
 * A line of a receipt: a product of the catalog (its price and tax group come with it and can be
 * changed), the quantity, the price before taxes and the tax group.
 */
export function ReciboLinea(props: {
  indice: number;
  linea: LineaRecibo;
  grupos: readonly RubroImpuestoResponse[];
  errores: readonly string[];
  puedeQuitar: boolean;
  onChange: (l: LineaRecibo) => void;
  onQuitar: () => void;
}) {
  const { linea, indice } = props;
  const id = `recibo-linea-${indice}`;
  const elegir = (p: ProductServiceResponse) =>
    props.onChange({
      ...linea,
      producto: { id: p.id, descripcion: p.description },
      precio: p.unity_price,
      grupoId: props.grupos.some((g) => g.id === p.taxesGroup) ? p.taxesGroup : null,
    });
  return (
    <fieldset className="border rounded p-2 mb-2" data-testid={id}>
      <legend className="float-none w-auto small fw-semibold px-1 mb-0">
        Partida {indice + 1}
      </legend>
      <Row className="g-2">
        <Col xs={12} md={5}>
          <Form.Label htmlFor={`${id}-producto`} className="small mb-0">
            Producto o servicio
          </Form.Label>
          <BusquedaSelect<ProductServiceResponse>
            id={`${id}-producto`}
            queryKey="products-services"
            valueLabel={linea.producto?.descripcion ?? null}
            onChange={(row) => row && elegir(row)}
            search={searchProductsServices}
            rowKey={(row) => row.id}
            renderRow={(row) => (
              <div>
                <div className="fw-semibold">{row.description}</div>
                <div className="small text-body-secondary">
                  {row.internal_code ? `${row.internal_code} · ` : ''}
                  {formatCurrency(row.unity_price)}
                </div>
              </div>
            )}
            placeholder="Busque en su catálogo"
            emptyText="No hay productos o servicios con ese texto."
            isInvalid={props.errores.length > 0 && !linea.producto}
          />
        </Col>
        <Col xs={4} md={2}>
          <Form.Group controlId={`${id}-cantidad`}>
            <Form.Label className="small mb-0">Cantidad</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={linea.cantidad}
              onChange={(e) => props.onChange({ ...linea, cantidad: e.target.value })}
            />
          </Form.Group>
        </Col>
        <Col xs={8} md={2}>
          <Form.Group controlId={`${id}-precio`}>
            <Form.Label className="small mb-0">Precio unitario</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={linea.precio}
              onChange={(e) => props.onChange({ ...linea, precio: e.target.value })}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={3}>
          <Form.Group controlId={`${id}-grupo`}>
            <Form.Label className="small mb-0">Grupo de impuestos</Form.Label>
            <Form.Select
              value={linea.grupoId ?? ''}
              onChange={(e) =>
                props.onChange({
                  ...linea,
                  grupoId: e.target.value ? Number(e.target.value) : null,
                })
              }
            >
              <option value="">Elija un grupo</option>
              {props.grupos.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      {props.errores.map((m) => (
        <div key={m} className="invalid-feedback d-block">
          {m}
        </div>
      ))}
      {props.puedeQuitar && (
        <Button variant="link" size="sm" className="p-0 text-danger" onClick={props.onQuitar}>
          Quitar partida
        </Button>
      )}
    </fieldset>
  );
}
