import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { TaxResponse } from '@repo/contracts/impuestos';
import { getImpuestos, toggleImpuestoStatus } from '../api/rubros-impuestos-api.ts';
import { NuevoImpuestoForm } from './nuevo-impuesto-form.tsx';
import { byTaxOrder, taxLabel } from './tax-format.ts';

type Kind = 'trasladados' | 'retenidos';

function TaxList(props: { kind: Kind; title: string }) {
  const queryClient = useQueryClient();
  const key = ['impuestos', props.kind];
  const taxes = useQuery({ queryKey: key, queryFn: () => getImpuestos(props.kind) });
  const toggle = useMutation({
    mutationFn: (id: number) => toggleImpuestoStatus(props.kind, id),
    onSuccess: (tax) => {
      queryClient.setQueryData<TaxResponse[]>(key, (list) =>
        list?.map((t) => (t.id === tax.id ? tax : t)),
      );
      // The taxes a new group can use changed.
      void queryClient.invalidateQueries({ queryKey: ['rubros-impuestos'] });
    },
  });
  return (
    <>
      <h3 className="h6 fw-bold">{props.title}</h3>
      {taxes.isPending ? (
        <Spinner size="sm" />
      ) : taxes.isError ? (
        <Alert variant="danger">No fue posible cargar los impuestos.</Alert>
      ) : (
        [...taxes.data]
          .sort(byTaxOrder)
          .map((tax) => (
            <Form.Check
              type="switch"
              key={tax.id}
              id={`impuesto-${props.kind}-${tax.id}`}
              label={`${taxLabel(tax)}${tax.additional_description ? ` (${tax.additional_description})` : ''}`}
              checked={tax.status}
              disabled={toggle.isPending}
              onChange={() => toggle.mutate(tax.id)}
            />
          ))
      )}
    </>
  );
}

/** The enterprise's federal taxes: the active ones are offered in the tax groups. */
export function ImpuestosEmpresa() {
  return (
    <Card className="shadow-sm" as="section" aria-labelledby="impuestos-title">
      <Card.Body className="p-4">
        <h2 id="impuestos-title" className="h5 fw-bold mb-1">
          Impuestos de su empresa
        </h2>
        <p className="text-body-secondary small">
          Active los impuestos que usa; solo los activos aparecen al crear un grupo de impuestos.
        </p>
        <Row>
          <Col md={6}>
            <TaxList kind="trasladados" title="Trasladados" />
          </Col>
          <Col md={6}>
            <TaxList kind="retenidos" title="Retenidos" />
          </Col>
        </Row>
        <NuevoImpuestoForm />
      </Card.Body>
    </Card>
  );
}
