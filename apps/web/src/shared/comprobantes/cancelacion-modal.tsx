import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useCatalogo } from './api/get-catalogo.ts';
import { AvisoCancelacion } from './aviso-cancelacion.tsx';
import { motivosCancelacionOf } from './motivos-cancelacion.ts';

/**
 * The one-step cancel dialog of a stamped document: what will happen (children), the motivo of the
 * shared catalog (02 or 03, spec section 5), the error and the button that sends it; the document's
 * screen owns the request and its messages.
 */
export function CancelacionModal(props: {
  titulo: string;
  controlId: string;
  /** The stamped comprobante: what its cancellation will do is said before confirming. */
  comprobanteId: number;
  show: boolean;
  onHide: () => void;
  motivo: string;
  onMotivo: (motivo: string) => void;
  error: string | null;
  pending: boolean;
  onEnviar: () => void;
  children: ReactNode;
}) {
  const motivos = motivosCancelacionOf(useCatalogo('motivos-cancelacion').data ?? []);
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>{props.titulo}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {props.children}
        {props.show && <AvisoCancelacion comprobanteId={props.comprobanteId} />}
        <Form.Group controlId={props.controlId}>
          <Form.Label className="fw-semibold">Motivo de cancelación</Form.Label>
          <Form.Select value={props.motivo} onChange={(e) => props.onMotivo(e.target.value)}>
            <option value="">Seleccione…</option>
            {motivos.map((m) => (
              <option key={m.clave} value={m.clave}>
                {m.clave} - {m.descripcion}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {props.error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {props.error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onHide}>
          Cerrar
        </Button>
        <Button variant="danger" disabled={props.pending} onClick={props.onEnviar}>
          {props.pending && <Spinner size="sm" className="me-2" />}
          {props.titulo}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
