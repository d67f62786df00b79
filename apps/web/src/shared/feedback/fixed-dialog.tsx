import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { DIALOG_Z_INDEX } from './feedback-constants.ts';
import { type Dialog, closeDialog } from './feedback-store.ts';

/** The fixed dialogs of spec section 9: success, error and the delete confirmation. */
export function FixedDialog({ dialog }: { dialog: Dialog }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const style = { zIndex: DIALOG_Z_INDEX };
  if (dialog.kind !== 'confirm-delete') {
    const success = dialog.kind === 'success';
    return (
      <Modal
        show
        centered
        onHide={closeDialog}
        style={style}
        backdropClassName="fixed-dialog-backdrop"
      >
        <Modal.Header closeButton>
          <Modal.Title className={success ? 'text-success' : 'text-danger'}>
            {dialog.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{dialog.message}</Modal.Body>
        <Modal.Footer>
          <Button variant={success ? 'success' : 'danger'} onClick={closeDialog}>
            Cerrar
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }
  const accept = async () => {
    setBusy(true);
    try {
      await dialog.onAccept();
      closeDialog();
      if (dialog.redirectTo) void navigate(dialog.redirectTo);
    } catch {
      // The HTTP client already showed the failure; the dialog stays open to retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      show
      centered
      onHide={closeDialog}
      style={style}
      backdropClassName="fixed-dialog-backdrop"
    >
      <Modal.Header closeButton>
        <Modal.Title>{dialog.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{dialog.message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={closeDialog} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={() => void accept()} disabled={busy}>
          Aceptar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
