import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { LoginRequest } from '@repo/contracts/users';
import { type LoginOutcome, applyLoginResponse } from '#src/shared/session/auth-api.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { login } from '../api/login.ts';

export function LoginForm(props: { onDone: (outcome: LoginOutcome) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof LoginRequest>, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      props.onDone(applyLoginResponse(await login(values)));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['email', 'password'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField id="login-email" label="Correo electrónico" error={errors.email?.message}>
        <Form.Control
          type="email"
          autoComplete="username"
          autoFocus
          isInvalid={!!errors.email}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Contraseña" error={errors.password?.message}>
        <Form.Control
          type="password"
          autoComplete="current-password"
          isInvalid={!!errors.password}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-100" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" />}
        Iniciar sesión
      </Button>
    </Form>
  );
}
