import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { TaxResponse } from '@repo/contracts/impuestos';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import {
  ENTERPRISE_IMPUESTOS_API,
  type ImpuestosApi,
  type TaxKind,
} from '../api/rubros-impuestos-api.ts';
import { NuevoImpuestoForm, type Editando } from './nuevo-impuesto-form.tsx';
import { byTaxOrder, taxLabel } from './tax-format.ts';

export const impuestosKey = (api: ImpuestosApi, kind: TaxKind) => ['impuestos', api.scope, kind];

const etiqueta = (tax: TaxResponse) =>
  `${taxLabel(tax)}${tax.additional_description ? ` (${tax.additional_description})` : ''}`;

function TaxList(props: {
  api: ImpuestosApi;
  kind: TaxKind;
  title: string;
  onEditar: (e: Editando) => void;
}) {
  const { api, kind } = props;
  const queryClient = useQueryClient();
  const key = impuestosKey(api, kind);
  const taxes = useQuery({ queryKey: key, queryFn: () => api.list(kind) });
  const toggle = useMutation({
    mutationFn: (id: number) => api.toggle!(kind, id),
    onSuccess: (tax) => {
      queryClient.setQueryData<TaxResponse[]>(key, (list) =>
        list?.map((t) => (t.id === tax.id ? tax : t)),
      );
      // The taxes a new group can use changed.
      void queryClient.invalidateQueries({ queryKey: ['rubros-impuestos'] });
    },
  });
  const eliminar = (tax: TaxResponse) =>
    confirmDelete({
      message: `¿Desea eliminar el impuesto ${etiqueta(tax)}?`,
      onAccept: async () => {
        // A rate a group or an invoice uses answers 409: its message shows as a toast.
        await api.remove(kind, tax.id);
        await queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: ['rubros-impuestos'] });
        notify('success', `Impuesto ${taxLabel(tax)} eliminado.`);
      },
    });
  return (
    <>
      <h3 className="h6 fw-bold">{props.title}</h3>
      {taxes.isPending && <Spinner size="sm" />}
      {taxes.isError && <Alert variant="danger">No fue posible cargar los impuestos.</Alert>}
      <ul className="list-unstyled mb-3">
        {[...(taxes.data ?? [])].sort(byTaxOrder).map((tax) => (
          <li key={tax.id} className="d-flex align-items-center gap-2 py-1 border-bottom">
            {api.toggle ? (
              <Form.Check
                type="switch"
                className="flex-grow-1 mb-0"
                id={`impuesto-${kind}-${tax.id}`}
                label={etiqueta(tax)}
                checked={tax.status}
                disabled={toggle.isPending}
                onChange={() => toggle.mutate(tax.id)}
              />
            ) : (
              <span className="flex-grow-1">{etiqueta(tax)}</span>
            )}
            <Button
              size="sm"
              variant="link"
              className="p-0"
              aria-label={`Editar ${etiqueta(tax)}`}
              onClick={() => props.onEditar({ kind, tax })}
            >
              Editar
            </Button>
            <Button
              size="sm"
              variant="link"
              className="p-0 text-danger"
              aria-label={`Eliminar ${etiqueta(tax)}`}
              onClick={() => eliminar(tax)}
            >
              Eliminar
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The enterprise's federal rates: the active ones are offered in the tax groups. Rates can be added,
 * edited and deleted; one a group or an invoice uses keeps its value (the API says where it is used).
 */
export function ImpuestosEmpresa(props: { api?: ImpuestosApi }) {
  const api = props.api ?? ENTERPRISE_IMPUESTOS_API;
  const [editando, setEditando] = useState<Editando | null>(null);
  return (
    <Card className="shadow-sm" as="section" aria-labelledby="impuestos-title">
      <Card.Body className="p-4">
        <h2 id="impuestos-title" className="h5 fw-bold mb-1">
          Impuestos de su empresa
        </h2>
        <p className="text-body-secondary small">
          {api.toggle
            ? 'Active los impuestos que usa; solo los activos aparecen al crear un grupo de impuestos.'
            : 'Estos impuestos aparecen al crear un grupo de impuestos. Agregue las tasas o cuotas que use.'}
        </p>
        <Row>
          <Col md={6}>
            <TaxList api={api} kind="trasladados" title="Trasladados" onEditar={setEditando} />
          </Col>
          <Col md={6}>
            <TaxList api={api} kind="retenidos" title="Retenidos" onEditar={setEditando} />
          </Col>
        </Row>
        <NuevoImpuestoForm
          key={editando ? `${editando.kind}-${editando.tax.id}` : 'nuevo'}
          api={api}
          editando={editando}
          onListo={() => setEditando(null)}
        />
      </Card.Body>
    </Card>
  );
}
