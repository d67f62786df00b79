import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ChangePasswordRequest, PASSWORD_HINT } from '@repo/contracts/users';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { changePassword } from '../api/personal-settings.ts';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordModal(props: { show: boolean; onHide: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    props.onHide();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await changePassword(values);
      notify('success', 'Su contraseña fue actualizada.');
      close();
    } catch (error) {
      if (
        !applyFieldErrors(error, form.setError, [
          'current_password',
          'password',
          'password_confirmation',
        ])
      ) {
        setFailure(inlineErrorOf(error));
      }
    }
  });
  return (
    <Modal show={props.show} onHide={close} centered>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Cambiar contraseña
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Alert variant="warning">{failure}</Alert>}
          <FormField
            id="current-password"
            label="Contraseña actual"
            error={errors.current_password?.message}
          >
            <Form.Control
              type="password"
              autoComplete="current-password"
              isInvalid={!!errors.current_password}
              {...form.register('current_password')}
            />
          </FormField>
          <FormField
            id="change-password"
            label="Nueva contraseña"
            error={errors.password?.message}
            hint={PASSWORD_HINT}
          >
            <Form.Control
              type="password"
              autoComplete="new-password"
              isInvalid={!!errors.password}
              {...form.register('password')}
            />
          </FormField>
          <FormField
            id="change-password-confirmation"
            label="Confirme la nueva contraseña"
            error={errors.password_confirmation?.message}
          >
            <Form.Control
              type="password"
              autoComplete="new-password"
              isInvalid={!!errors.password_confirmation}
              {...form.register('password_confirmation')}
            />
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" />}
            Guardar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
