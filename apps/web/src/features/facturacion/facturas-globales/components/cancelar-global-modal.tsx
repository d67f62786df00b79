import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CancelacionGlobalResponse,
  FacturaGlobalResponse,
} from '@repo/contracts/facturas-globales';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { request } from '#src/shared/http/api-client.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { motivosCancelacionOf } from '#src/shared/comprobantes/motivos-cancelacion.ts';
import { GLOBALES_QUERY_KEY } from '../api/facturas-globales.ts';

/** Cancel a stamped global: motivo 02 or 03 (spec section 5), then the PAC's answer. */
export function CancelarGlobalModal(props: {
  g: FacturaGlobalResponse;
  show: boolean;
  onHide: () => void;
}) {
  const client = useQueryClient();
  const motivos = motivosCancelacionOf(useCatalogo('motivos-cancelacion').data ?? []);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (m: string) =>
      request<CancelacionGlobalResponse>(
        `facturacion/V40/facturas-globales/${props.g.id}/cancelar`,
        { method: 'POST', body: { motivo: m } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: GLOBALES_QUERY_KEY }),
  });
  const enviar = async () => {
    if (!motivo) {
      setError('Seleccione el motivo de cancelación');
      return;
    }
    try {
      const r = await cancel.mutateAsync(motivo);
      notify(
        'success',
        r.status === 'cancelled'
          ? 'La factura global fue cancelada. Ya puede emitir otra para el periodo.'
          : `Solicitud de cancelación enviada: ${r.estatus_cancelacion || r.view_status}.`,
      );
      props.onHide();
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>Cancelar factura global</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Se pedirá al SAT cancelar la factura global de {props.g.periodo} (folio fiscal{' '}
          {props.g.uuid}). Después podrá emitir otra para el mismo periodo.
        </p>
        <Form.Group controlId="motivo-cancelacion-global">
          <Form.Label className="fw-semibold">Motivo de cancelación</Form.Label>
          <Form.Select value={motivo} onChange={(e) => setMotivo(e.target.value)}>
            <option value="">Seleccione…</option>
            {motivos.map((m) => (
              <option key={m.clave} value={m.clave}>
                {m.clave} - {m.descripcion}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onHide}>
          Cerrar
        </Button>
        <Button variant="danger" disabled={cancel.isPending} onClick={() => void enviar()}>
          {cancel.isPending && <Spinner size="sm" className="me-2" />}
          Cancelar factura global
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
