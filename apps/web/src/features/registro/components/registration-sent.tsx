import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Email } from '@repo/contracts/users';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { changeNewClientEmail, resendPreRegisterEmail } from '../api/new-client.ts';

/** After registering: where the link went, with resend and change-address actions. */
export function RegistrationSent(props: { newClientToken: string; email: string }) {
  const [email, setEmail] = useState(props.email);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.email);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    try {
      const result = await resendPreRegisterEmail(props.newClientToken);
      notify('success', `Le enviamos un nuevo enlace a ${result.email}.`, {
        id: 'resend',
        mode: 'replace',
      });
    } catch (e) {
      const message = inlineErrorOf(e);
      if (message) notify('warning', message);
    } finally {
      setBusy(false);
    }
  };

  const change = async () => {
    const parsed = Email.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Ingrese un correo electrónico válido');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await changeNewClientEmail({
        new_client_token: props.newClientToken,
        email: parsed.data,
      });
      setEmail(result.email);
      setEditing(false);
      notify('success', `Le enviamos el enlace de verificación a ${result.email}.`);
    } catch (e) {
      setError(inlineErrorOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Alert variant="success">
        <Alert.Heading as="h2" className="h5 fw-bold">
          Revise su correo electrónico
        </Alert.Heading>
        Le enviamos un enlace de verificación a <strong>{email}</strong>. Ábralo para confirmar su
        correo y continuar con la configuración inicial de su empresa. El enlace es válido durante
        48 horas.
      </Alert>
      <p className="text-body-secondary small">
        ¿No lo encuentra? Revise la carpeta de correo no deseado, solicite un nuevo enlace o corrija
        su dirección.
      </p>
      {editing ? (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void change();
          }}
        >
          <Form.Label htmlFor="new-client-email" className="fw-semibold">
            Correo electrónico correcto
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id="new-client-email"
              type="email"
              value={draft}
              isInvalid={!!error}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit" disabled={busy}>
              Enviar
            </Button>
            <Button variant="outline-secondary" onClick={() => setEditing(false)} disabled={busy}>
              Cancelar
            </Button>
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </InputGroup>
        </Form>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => void resend()} disabled={busy}>
            Reenviar correo
          </Button>
          <Button variant="outline-secondary" onClick={() => setEditing(true)} disabled={busy}>
            Cambiar correo electrónico
          </Button>
        </div>
      )}
    </div>
  );
}
