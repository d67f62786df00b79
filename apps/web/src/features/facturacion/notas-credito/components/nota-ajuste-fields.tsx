import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { PartidaDetail } from '@repo/contracts/facturas';
import { formatCurrency } from '#src/shared/format/currency.ts';
import type { NotaFormValues } from '../model/nota-form-model.ts';

/**
 * What the note gives back: a discount or bonus (an amount before taxes or a percentage of the
 * invoice, c_TipoRelacion 01) or a return (the lines and quantities, c_TipoRelacion 03).
 */
export function NotaAjusteFields(props: {
  values: NotaFormValues;
  set: (patch: Partial<NotaFormValues>) => void;
  errores: Record<string, string>;
  partidas: readonly PartidaDetail[];
}) {
  const { values: v, set, errores } = props;
  if (v.tipo === 'descuento')
    return (
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <Form.Group controlId="nota-modo">
          <Form.Label className="fw-semibold">Calcular por</Form.Label>
          <Form.Select
            value={v.modo}
            onChange={(e) => set({ modo: e.target.value as NotaFormValues['modo'] })}
          >
            <option value="porcentaje">Porcentaje de la factura</option>
            <option value="importe">Importe antes de impuestos</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="nota-valor" style={{ maxWidth: '14rem' }}>
          <Form.Label className="fw-semibold">
            {v.modo === 'porcentaje' ? 'Porcentaje (%)' : 'Importe ($)'}
          </Form.Label>
          <Form.Control
            inputMode="decimal"
            value={v.valor}
            isInvalid={Boolean(errores.valor)}
            onChange={(e) => set({ valor: e.target.value })}
          />
          <Form.Control.Feedback type="invalid">{errores.valor}</Form.Control.Feedback>
        </Form.Group>
      </div>
    );
  return (
    <>
      <p className="small text-body-secondary mb-2">
        Indique la cantidad devuelta de cada concepto; deje en blanco los que no se devuelven.
      </p>
      <Table responsive size="sm" className="mb-1" data-testid="nota-partidas">
        <thead>
          <tr>
            <th>Concepto</th>
            <th className="text-end">Facturado</th>
            <th className="text-end d-none d-md-table-cell">Precio unitario</th>
            <th style={{ width: '9rem' }}>Cantidad devuelta</th>
          </tr>
        </thead>
        <tbody>
          {props.partidas.map((p, i) => (
            <tr key={i}>
              <td>{p.descripcion}</td>
              <td className="text-end">{p.cantidad}</td>
              <td className="text-end d-none d-md-table-cell">
                {formatCurrency(p.precio_unitario)}
              </td>
              <td>
                <Form.Control
                  size="sm"
                  inputMode="decimal"
                  aria-label={`Cantidad devuelta de ${p.descripcion}`}
                  value={v.devueltas[i] ?? ''}
                  isInvalid={Boolean(errores[`devueltas.${i}`])}
                  onChange={(e) => set({ devueltas: { ...v.devueltas, [i]: e.target.value } })}
                />
                <Form.Control.Feedback type="invalid">
                  {errores[`devueltas.${i}`]}
                </Form.Control.Feedback>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {errores.partidas && <div className="text-danger small">{errores.partidas}</div>}
    </>
  );
}
