import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { ClaveApiResponse } from '@repo/contracts/claves-api';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';

/** Asks before revoking a key: the programs that use it stop working at their next request. */
export function RevocarClave(props: {
  clave: ClaveApiResponse | null;
  onRevocar: (clave: ClaveApiResponse) => Promise<unknown>;
  onClose: () => void;
}) {
  const [enviando, setEnviando] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const clave = props.clave;
  const cerrar = () => {
    setFailure(null);
    props.onClose();
  };
  const revocar = async () => {
    if (!clave) return;
    setEnviando(true);
    setFailure(null);
    try {
      await props.onRevocar(clave);
      cerrar();
    } catch (error) {
      setFailure(inlineErrorOf(error));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal show={clave !== null} onHide={cerrar} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Revocar clave de API
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure && <Alert variant="warning">{failure}</Alert>}
        <p className="mb-0">
          ¿Desea revocar la clave <strong>{clave?.nombre}</strong> (<code>{clave?.prefijo}…</code>)?
          Los sistemas que la usan dejarán de funcionar de inmediato y no podrá volver a activarla.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={cerrar}>
          Cancelar
        </Button>
        <Button variant="danger" disabled={enviando} onClick={() => void revocar()}>
          {enviando && <Spinner size="sm" className="me-1" />}
          Revocar clave
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
