import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { NotaCreditoItem } from '@repo/contracts/notas-credito';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import {
  MOTIVO_REQUIRED_MESSAGE,
  motivosCancelacionOf,
} from '#src/shared/comprobantes/motivos-cancelacion.ts';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { useCancelarNota } from '../api/notas-credito.ts';

/** Cancels a stamped credit note with the shared reasons (02 or 03, spec section 5). */
export function CancelarNotaModal(props: {
  nota: NotaCreditoItem;
  show: boolean;
  onHide: () => void;
}) {
  const motivos = motivosCancelacionOf(useCatalogo('motivos-cancelacion').data ?? []);
  const cancelar = useCancelarNota(props.nota.id);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nombre = serieFolio(props.nota.serie, props.nota.folio);
  const enviar = async () => {
    if (motivo !== '02' && motivo !== '03') {
      setError(MOTIVO_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    try {
      const r = await cancelar.mutateAsync({ motivo, folio_sustitucion: null });
      notify(
        r.data.status === 'cancelada' ? 'success' : 'info',
        r.data.status === 'cancelada'
          ? `La nota de crédito ${nombre} fue cancelada.`
          : `La solicitud de cancelación fue enviada. Estatus: ${r.estado}.`,
      );
      props.onHide();
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>Cancelar nota de crédito</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Se pedirá al SAT cancelar la nota de crédito {nombre} (folio fiscal {props.nota.uuid}). Lo
          que acreditó vuelve a quedar a cargo de las facturas relacionadas.
        </p>
        <Form.Group controlId="nota-motivo-cancelacion">
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
        <Button variant="danger" disabled={cancelar.isPending} onClick={() => void enviar()}>
          {cancelar.isPending && <Spinner size="sm" className="me-2" />}
          Cancelar nota de crédito
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
