import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_TITLE = 'Cambios sin guardar';
export const UNSAVED_CHANGES_MESSAGE =
  'Tiene cambios sin guardar en este formulario. Si sale ahora, se perderán.';

/**
 * Asks before leaving a form with unsaved changes: a navigation inside the app opens a dialog
 * (Seguir editando / Salir sin guardar); closing or reloading the tab gets the browser's own prompt.
 * `when` is false while the form is saved or submitting, so a save that navigates away is not asked.
 */
export function UnsavedChangesGuard(props: { when: boolean }) {
  const { when } = props;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal show centered onHide={() => blocker.reset()} backdropClassName="fixed-dialog-backdrop">
      <Modal.Header closeButton>
        <Modal.Title>{UNSAVED_CHANGES_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{UNSAVED_CHANGES_MESSAGE}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => blocker.reset()}>
          Seguir editando
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed()}>
          Salir sin guardar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
