import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { ResetPasswordRequest } from '@repo/contracts/users';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { requestPasswordReset } from '../api/reset-password.ts';

/** Step 1: the e-mail that receives the link. */
export function ResetPasswordRequestForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof ResetPasswordRequest>,
    unknown,
    z.output<typeof ResetPasswordRequest>
  >({
    resolver: zodResolver(ResetPasswordRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const { message } = await requestPasswordReset(email);
      setSent(message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['email'])) setFailure(inlineErrorOf(error));
    }
  });

  if (sent) {
    return (
      <Alert variant="success" className="mb-0">
        <Alert.Heading as="h2" className="h6 fw-bold">
          Revise su correo electrónico
        </Alert.Heading>
        {sent} El enlace es válido durante una hora.
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <p className="text-body-secondary">
        Escriba el correo electrónico de su cuenta y le enviaremos un enlace para crear una nueva
        contraseña.
      </p>
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField id="reset-email" label="Correo electrónico" error={errors.email?.message}>
        <Form.Control
          type="email"
          autoComplete="email"
          autoFocus
          isInvalid={!!errors.email}
          {...form.register('email')}
        />
      </FormField>
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" />}
        Enviar enlace
      </Button>
    </Form>
  );
}
