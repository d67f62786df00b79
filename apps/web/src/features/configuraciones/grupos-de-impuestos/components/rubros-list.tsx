import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import type { RubrosImpuestosApi } from '../api/rubros-impuestos-api.ts';
import { RubroForm, useObjetosImpuesto } from './rubro-form.tsx';
import { byTaxOrder, localTaxRate, taxLabel } from './tax-format.ts';

export const rubrosKey = (scope: string) => ['rubros-impuestos', scope];

/** The taxes of a group in one line, ordered IEPS, IVA, ISR. */
export function rubroSummary(rubro: RubroImpuestoResponse): string {
  const federal = (list: RubroImpuestoResponse['impuestos_trasladados'], suffix: string) =>
    list
      .filter((t) => t.selected)
      .sort(byTaxOrder)
      .map((t) => `${taxLabel(t)}${suffix}`);
  const local = (list: RubroImpuestoResponse['impuestos_locales_trasladados'], suffix: string) =>
    list.filter((t) => t.selected).map((t) => `${t.impuesto} ${localTaxRate(t.tasa)}${suffix}`);
  const all = [
    ...federal(rubro.impuestos_trasladados, ''),
    ...federal(rubro.impuestos_retenidos, ' retenido'),
    ...local(rubro.impuestos_locales_trasladados, ''),
    ...local(rubro.impuestos_locales_retenidos, ' retenido'),
  ];
  return all.length ? all.join(', ') : 'Sin impuestos';
}

type Editing = { mode: 'new' } | { mode: 'edit'; rubro: RubroImpuestoResponse } | null;

/** Grupos de impuestos: list, create, edit and delete. */
export function RubrosList(props: { api: RubrosImpuestosApi }) {
  const { api } = props;
  const queryClient = useQueryClient();
  const rubros = useQuery({ queryKey: rubrosKey(api.scope), queryFn: api.list });
  const [editing, setEditing] = useState<Editing>(null);
  const objetos = useObjetosImpuesto();
  const objetoLabel = (clave: string) => {
    const found = objetos.data?.find((o) => o.clave === clave);
    return found ? `${clave} - ${found.descripcion}` : clave;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: rubrosKey(api.scope) });

  const remove = (rubro: RubroImpuestoResponse) =>
    confirmDelete({
      message: `¿Desea eliminar el grupo de impuestos ${rubro.name}?`,
      onAccept: async () => {
        await api.remove(rubro.id);
        await refresh();
        notify('success', `Grupo de impuestos ${rubro.name} eliminado.`);
      },
    });

  return (
    <Card className="shadow-sm" as="section" aria-labelledby="rubros-title">
      <Card.Body className="p-4">
        <div className="d-flex justify-content-between align-items-center mb-3">
          <h2 id="rubros-title" className="h5 fw-bold mb-0">
            Grupos de impuestos
          </h2>
          {editing === null && (
            <Button onClick={() => setEditing({ mode: 'new' })}>Nuevo grupo de impuestos</Button>
          )}
        </div>
        {editing && (
          <div className="border rounded p-3 mb-4 bg-body-tertiary">
            <h3 className="h6 fw-bold mb-3">
              {editing.mode === 'new'
                ? 'Nuevo grupo de impuestos'
                : `Editar grupo de impuestos: ${editing.rubro.name}`}
            </h3>
            <RubroForm
              key={editing.mode === 'edit' ? editing.rubro.id : 'nuevo'}
              api={api}
              rubro={editing.mode === 'edit' ? editing.rubro : null}
              onCancel={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                void refresh();
                notify('success', `Grupo de impuestos ${saved.name} guardado.`);
              }}
            />
          </div>
        )}
        {rubros.isPending ? (
          <Spinner size="sm" />
        ) : rubros.isError ? (
          <Alert variant="danger">No fue posible cargar los grupos de impuestos.</Alert>
        ) : rubros.data.length === 0 ? (
          <p className="text-body-secondary mb-0">
            Aún no tiene grupos de impuestos. Cree uno para asignarlo a sus productos y servicios.
          </p>
        ) : (
          <Table responsive className="align-middle mb-0" data-testid="rubros">
            <thead>
              <tr>
                <th>Nombre</th>
                <th>Objeto de impuesto</th>
                <th>Impuestos</th>
                <th className="text-end">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rubros.data.map((rubro) => (
                <tr key={rubro.id}>
                  <td className="fw-semibold">{rubro.name}</td>
                  <td>{objetoLabel(rubro.objeto_impuesto_key)}</td>
                  <td className="small">{rubroSummary(rubro)}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing({ mode: 'edit', rubro })}
                    >
                      Editar
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => remove(rubro)}>
                      Eliminar
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
