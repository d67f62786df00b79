import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_HINT, ResetPasswordSetRequest } from '@repo/contracts/users';
import { type LoginOutcome, applyLoginResponse } from '#src/shared/session/auth-api.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { setNewPassword } from '../api/reset-password.ts';

/** Step 2, once the token is known to exist: the new password, which also signs the user in. */
export function SetNewPasswordForm(props: {
  token: string;
  onDone: (outcome: LoginOutcome) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordSetRequest>({
    resolver: zodResolver(ResetPasswordSetRequest),
    defaultValues: { token: props.token, password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      props.onDone(await applyLoginResponse(await setNewPassword(values)));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['password', 'password_confirmation'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });
  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField
        id="new-password"
        label="Nueva contraseña"
        error={errors.password?.message}
        hint={PASSWORD_HINT}
      >
        <Form.Control
          type="password"
          autoComplete="new-password"
          autoFocus
          isInvalid={!!errors.password}
          {...form.register('password')}
        />
      </FormField>
      <FormField
        id="new-password-confirmation"
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
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" />}
        Guardar contraseña e iniciar sesión
      </Button>
    </Form>
  );
}
