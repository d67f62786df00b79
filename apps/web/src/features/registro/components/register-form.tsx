import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { z } from 'zod';
import { Email } from '@repo/contracts/users';
import { PASSWORD_CONFIRMATION_MESSAGE, PASSWORD_HINT } from '@repo/contracts/users';
import { PreRegisterRequest } from '@repo/contracts/new-client';
import { OptionalRfc } from '@repo/contracts/enterprises';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { preRegister } from '../api/new-client.ts';
import { checkUniqueEmail, checkUniqueRfc } from '../api/unique-checks.ts';
import { type UniqueStatus, useUniqueCheck } from '#src/shared/ui/use-unique-check.ts';

const RegisterSchema = PreRegisterRequest.extend({ password_confirmation: z.string() }).refine(
  (v) => v.password === v.password_confirmation,
  { message: PASSWORD_CONFIRMATION_MESSAGE, path: ['password_confirmation'] },
);
type RegisterInput = z.input<typeof RegisterSchema>;
type RegisterValues = z.output<typeof RegisterSchema>;

const FIELDS = ['name', 'email', 'phone', 'rfc', 'password'] as const;

function uniqueHint(status: UniqueStatus, okText: string) {
  if (status.state === 'checking') {
    return (
      <span>
        <Spinner size="sm" className="me-1" /> Verificando…
      </span>
    );
  }
  if (status.state === 'unique') return <span className="text-success">{okText}</span>;
  return null;
}

export function RegisterForm(props: {
  onRegistered: (result: { newClientToken: string; email: string }) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(RegisterSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      rfc: '',
      password: '',
      password_confirmation: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const emailValue = (useWatch({ control: form.control, name: 'email' }) ?? '')
    .trim()
    .toLowerCase();
  const rfcValue = (useWatch({ control: form.control, name: 'rfc' }) ?? '').trim().toUpperCase();
  const emailValid = Email.safeParse(emailValue).success;
  const rfcParsed = OptionalRfc.safeParse(rfcValue);
  const emailStatus = useUniqueCheck(emailValue, emailValid, checkUniqueEmail);
  const rfcStatus = useUniqueCheck(rfcValue, rfcParsed.success && rfcValue !== '', checkUniqueRfc);

  const submit = form.handleSubmit(async ({ password_confirmation: _c, ...values }) => {
    setFailure(null);
    // The debounced checks may not have answered yet: ask once more before creating the account.
    const [emailTaken, rfcTaken] = await Promise.all([
      checkUniqueEmail(values.email).catch(() => null),
      checkUniqueRfc(values.rfc).catch(() => null),
    ]);
    if (emailTaken) form.setError('email', { type: 'unique', message: emailTaken });
    if (rfcTaken) form.setError('rfc', { type: 'unique', message: rfcTaken });
    if (emailTaken || rfcTaken) return;
    try {
      const { new_client_token } = await preRegister(values);
      props.onRegistered({ newClientToken: new_client_token, email: values.email });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) setFailure(inlineErrorOf(error));
    }
  });

  const emailError =
    errors.email?.message ?? (emailStatus.state === 'taken' ? emailStatus.message : undefined);
  const rfcError =
    errors.rfc?.message ?? (rfcStatus.state === 'taken' ? rfcStatus.message : undefined);

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField id="register-name" label="Nombre completo" error={errors.name?.message}>
        <Form.Control
          autoComplete="name"
          autoFocus
          isInvalid={!!errors.name}
          {...form.register('name')}
        />
      </FormField>
      <FormField
        id="register-email"
        label="Correo electrónico"
        error={emailError}
        hint={uniqueHint(emailStatus, 'Correo electrónico disponible')}
      >
        <Form.Control
          type="email"
          autoComplete="email"
          isInvalid={!!emailError}
          {...form.register('email')}
        />
      </FormField>
      <Row>
        <Col sm={6}>
          <FormField
            id="register-phone"
            label="Teléfono (opcional)"
            error={errors.phone?.message}
            hint="10 dígitos"
          >
            <Form.Control
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              isInvalid={!!errors.phone}
              {...form.register('phone')}
            />
          </FormField>
        </Col>
        <Col sm={6}>
          <FormField
            id="register-rfc"
            label="RFC de su empresa (opcional)"
            error={rfcError}
            hint={
              uniqueHint(rfcStatus, 'RFC disponible') ??
              'Puede capturarlo después, en la configuración inicial.'
            }
          >
            <Form.Control
              autoComplete="off"
              className="text-uppercase"
              maxLength={13}
              isInvalid={!!rfcError}
              {...form.register('rfc')}
            />
          </FormField>
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <FormField
            id="register-password"
            label="Contraseña"
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
        </Col>
        <Col sm={6}>
          <FormField
            id="register-password-confirmation"
            label="Confirme la contraseña"
            error={errors.password_confirmation?.message}
          >
            <Form.Control
              type="password"
              autoComplete="new-password"
              isInvalid={!!errors.password_confirmation}
              {...form.register('password_confirmation')}
            />
          </FormField>
        </Col>
      </Row>
      <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" />}
        Crear cuenta
      </Button>
    </Form>
  );
}
