import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Email } from '@repo/contracts/users';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { updateUser, useSession } from '#src/shared/session/session-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import {
  changePersonalEmail,
  resendPersonalEmailToken,
  validatePersonalEmail,
} from '../api/personal-settings.ts';

/** The registered e-mail: a new address, then the code e-mailed to it. */
export function PersonalEmailModal(props: { show: boolean; onHide: () => void }) {
  const { user } = useSession();
  const [pending, setPending] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPending(null);
    setEmail('');
    setCode('');
    setError(null);
    props.onHide();
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      const fields = e instanceof ApiError ? Object.values(e.fieldErrors)[0]?.[0] : undefined;
      setError(fields ?? inlineErrorOf(e));
    } finally {
      setBusy(false);
    }
  };

  const requestCode = () =>
    run(async () => {
      const parsed = Email.safeParse(email);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Ingrese un correo electrónico válido');
        return;
      }
      const result = await changePersonalEmail(parsed.data);
      setPending(result.email);
    });

  const verify = () =>
    run(async () => {
      if (!pending) return;
      if (code.trim() === '') {
        setError('Ingrese el código de verificación');
        return;
      }
      updateUser(await validatePersonalEmail({ email: pending, email_verification_token: code }));
      notify('success', 'Su correo electrónico fue actualizado.');
      close();
    });

  const resend = () =>
    run(async () => {
      if (!pending) return;
      await resendPersonalEmailToken(pending);
      notify('info', `Le enviamos un nuevo código a ${pending}.`, {
        id: 'email-code',
        mode: 'replace',
      });
    });

  return (
    <Modal show={props.show} onHide={close} centered>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void (pending ? verify() : requestCode());
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Correo electrónico registrado
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            Correo actual: <strong>{user?.email}</strong>
          </p>
          {error && <Alert variant="warning">{error}</Alert>}
          {pending ? (
            <>
              <p>
                Enviamos un código de verificación a <strong>{pending}</strong>. Escríbalo para
                confirmar el cambio; es válido durante 30 minutos.
              </p>
              <Form.Group controlId="personal-email-code">
                <Form.Label className="fw-semibold">Código de verificación</Form.Label>
                <Form.Control
                  value={code}
                  autoComplete="one-time-code"
                  className="text-uppercase font-monospace"
                  onChange={(e) => setCode(e.target.value)}
                />
              </Form.Group>
              <Button variant="link" className="px-0" onClick={() => void resend()} disabled={busy}>
                Reenviar código
              </Button>
            </>
          ) : (
            <Form.Group controlId="personal-email-new">
              <Form.Label className="fw-semibold">Nuevo correo electrónico</Form.Label>
              <Form.Control
                type="email"
                value={email}
                autoComplete="email"
                onChange={(e) => setEmail(e.target.value)}
              />
              <Form.Text muted>
                Su correo actual seguirá vigente hasta que confirme el nuevo.
              </Form.Text>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" />}
            {pending ? 'Confirmar' : 'Enviar código'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
