import { memo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Table from 'react-bootstrap/Table';
import type { VentaCalculada } from '@repo/cfdi/calc';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import type { VentaForm } from '../model/global-form-model.ts';

/** Rows per page: thousands of sales stay responsive because only one page is in the DOM. */
export const VENTAS_POR_PAGINA = 50;

type Cambio = Partial<
  Pick<VentaForm, 'folioVenta' | 'grupoImpuestosId' | 'subtotal' | 'descuento'>
>;

const FilaVenta = memo(function FilaVenta(props: {
  indice: number;
  venta: VentaForm;
  calculo: VentaCalculada | null;
  errores: readonly string[] | undefined;
  rubros: readonly RubroImpuestoResponse[];
  disabled: boolean;
  onChange: (key: number, cambio: Cambio) => void;
  onRemove: (key: number) => void;
}) {
  const { venta: v, errores } = props;
  const invalid = (errores?.length ?? 0) > 0;
  const id = `venta-${v.key}`;
  return (
    <>
      <tr className={invalid ? 'table-danger' : ''} data-testid="venta-row">
        <td className="text-body-secondary small">
          {props.indice + 1}
          {invalid && v.fila !== undefined && <div title="Fila del archivo">fila {v.fila}</div>}
        </td>
        <td>
          <Form.Control
            size="sm"
            aria-label={`Folio de venta ${props.indice + 1}`}
            id={`${id}-folio`}
            value={v.folioVenta}
            maxLength={100}
            disabled={props.disabled}
            onChange={(e) => props.onChange(v.key, { folioVenta: e.target.value })}
          />
        </td>
        <td>
          <Form.Select
            size="sm"
            aria-label={`Grupo de impuestos ${props.indice + 1}`}
            value={v.grupoImpuestosId ?? ''}
            disabled={props.disabled}
            onChange={(e) =>
              props.onChange(v.key, {
                grupoImpuestosId: e.target.value === '' ? null : Number(e.target.value),
              })
            }
          >
            <option value="">Elija…</option>
            {props.rubros.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Form.Select>
        </td>
        <td>
          <Form.Control
            size="sm"
            inputMode="decimal"
            className="text-end"
            aria-label={`Subtotal ${props.indice + 1}`}
            value={v.subtotal}
            disabled={props.disabled}
            onChange={(e) => props.onChange(v.key, { subtotal: e.target.value })}
          />
        </td>
        <td>
          <Form.Control
            size="sm"
            inputMode="decimal"
            className="text-end"
            aria-label={`Descuento ${props.indice + 1}`}
            value={v.descuento}
            placeholder="0.00"
            disabled={props.disabled}
            onChange={(e) => props.onChange(v.key, { descuento: e.target.value })}
          />
        </td>
        <td className="text-end text-nowrap">
          {props.calculo ? formatCurrency(props.calculo.impuestos) : '—'}
        </td>
        <td className="text-end text-nowrap fw-semibold" data-testid="venta-total">
          {props.calculo ? formatCurrency(props.calculo.totalVenta) : '—'}
        </td>
        <td className="text-end">
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Quitar la venta ${props.indice + 1}`}
            disabled={props.disabled}
            onClick={() => props.onRemove(v.key)}
          >
            ×
          </Button>
        </td>
      </tr>
      {invalid && (
        <tr className="table-danger">
          <td />
          <td colSpan={7} className="small text-danger pt-0" data-testid="venta-errores">
            {errores!.join(' ')}
          </td>
        </tr>
      )}
    </>
  );
});

/** The sales of the period, one page at a time, with live amounts and errors per sale. */
export function VentasTable(props: {
  ventas: readonly VentaForm[];
  porVenta: readonly (VentaCalculada | null)[];
  errores: ReadonlyMap<number, string[]>;
  rubros: readonly RubroImpuestoResponse[];
  disabled: boolean;
  onChange: (key: number, cambio: Cambio) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}) {
  const [pagina, setPagina] = useState(1);
  const [soloErrores, setSoloErrores] = useState(false);
  const indices = props.ventas.map((_, i) => i).filter((i) => !soloErrores || props.errores.has(i));
  const paginas = Math.max(1, Math.ceil(indices.length / VENTAS_POR_PAGINA));
  const actual = Math.min(pagina, paginas);
  const visibles = indices.slice((actual - 1) * VENTAS_POR_PAGINA, actual * VENTAS_POR_PAGINA);
  const conError = props.errores.size;

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <Form.Check
          type="switch"
          id="solo-errores"
          label={`Solo ventas con errores (${conError.toLocaleString('en-US')})`}
          checked={soloErrores}
          onChange={(e) => {
            setSoloErrores(e.target.checked);
            setPagina(1);
          }}
        />
        <Button
          variant="outline-primary"
          size="sm"
          disabled={props.disabled}
          onClick={() => {
            props.onAdd();
            setSoloErrores(false);
            setPagina(Math.ceil((props.ventas.length + 1) / VENTAS_POR_PAGINA));
          }}
        >
          Agregar venta
        </Button>
      </div>
      <Table responsive size="sm" className="align-middle mb-2" data-testid="ventas-table">
        <thead>
          <tr>
            <th style={{ width: '4rem' }}>#</th>
            <th style={{ minWidth: '9rem' }}>Folio de venta</th>
            <th style={{ minWidth: '10rem' }}>Grupo de impuestos</th>
            <th style={{ minWidth: '7rem' }} className="text-end">
              Subtotal
            </th>
            <th style={{ minWidth: '6rem' }} className="text-end">
              Descuento
            </th>
            <th className="text-end">Impuestos</th>
            <th className="text-end">Total</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {visibles.map((i) => (
            <FilaVenta
              key={props.ventas[i]!.key}
              indice={i}
              venta={props.ventas[i]!}
              calculo={props.porVenta[i] ?? null}
              errores={props.errores.get(i)}
              rubros={props.rubros}
              disabled={props.disabled}
              onChange={props.onChange}
              onRemove={props.onRemove}
            />
          ))}
          {visibles.length === 0 && (
            <tr>
              <td colSpan={8} className="text-center text-body-secondary py-4">
                {soloErrores
                  ? 'Ninguna venta tiene errores.'
                  : 'Agregue las ventas del periodo: escríbalas, péguelas o impórtelas de un archivo.'}
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      {paginas > 1 && (
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <small className="text-body-secondary">
            Ventas {((actual - 1) * VENTAS_POR_PAGINA + 1).toLocaleString('en-US')}–
            {Math.min(actual * VENTAS_POR_PAGINA, indices.length).toLocaleString('en-US')} de{' '}
            {indices.length.toLocaleString('en-US')}
          </small>
          <Pagination size="sm" className="mb-0">
            <Pagination.First disabled={actual === 1} onClick={() => setPagina(1)} />
            <Pagination.Prev disabled={actual === 1} onClick={() => setPagina(actual - 1)} />
            <Pagination.Item active>
              {actual} / {paginas}
            </Pagination.Item>
            <Pagination.Next disabled={actual === paginas} onClick={() => setPagina(actual + 1)} />
            <Pagination.Last disabled={actual === paginas} onClick={() => setPagina(paginas)} />
          </Pagination>
        </div>
      )}
    </>
  );
}
