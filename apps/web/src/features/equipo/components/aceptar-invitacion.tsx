import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ROL_DESCRIPCION, ROL_ETIQUETA, type InvitacionInfo } from '@repo/contracts/equipo';
import { PASSWORD_HINT } from '@repo/contracts/users';
import { type LoginOutcome, applyLoginResponse } from '#src/shared/session/auth-api.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { aceptarInvitacion } from '../api/equipo-api.ts';

interface Valores {
  name: string;
  password: string;
  password_confirmation: string;
}

/**
 * Accepting an invitation (issue 27): the e-mail is the invitation's and cannot be changed; a new
 * person chooses a name and a password, someone with an account types its password.
 */
export function AceptarInvitacionForm(props: {
  token: string;
  info: InvitacionInfo;
  onDone: (outcome: LoginOutcome) => void;
}) {
  const { info } = props;
  const nueva = !info.cuenta_existente;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Valores>({
    defaultValues: { name: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (nueva && values.password !== values.password_confirmation) {
      form.setError('password_confirmation', {
        message: 'La confirmación no coincide con la contraseña',
      });
      return;
    }
    try {
      const body = nueva
        ? { name: values.name, password: values.password }
        : { password: values.password };
      props.onDone(await applyLoginResponse(await aceptarInvitacion(props.token, body)));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'password'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });
  return (
    <>
      <p>
        {info.invitada_por} le invita a <strong>{info.empresa.nombre}</strong> (RFC{' '}
        {info.empresa.rfc}) con el rol <strong>{ROL_ETIQUETA[info.rol]}</strong>.
      </p>
      <p className="small text-body-secondary">{ROL_DESCRIPCION[info.rol]}</p>
      <Form noValidate onSubmit={(e) => void submit(e)} data-testid="aceptar-invitacion">
        {failure && <Alert variant="warning">{failure}</Alert>}
        <FormField id="invitacion-email" label="Correo electrónico">
          <Form.Control type="email" value={info.email} readOnly disabled />
        </FormField>
        {nueva && (
          <FormField id="invitacion-nombre" label="Su nombre" error={errors.name?.message}>
            <Form.Control
              autoComplete="name"
              autoFocus
              isInvalid={!!errors.name}
              {...form.register('name')}
            />
          </FormField>
        )}
        <FormField
          id="invitacion-password"
          label={nueva ? 'Elija una contraseña' : 'Contraseña de su cuenta'}
          error={errors.password?.message}
          {...(nueva ? { hint: PASSWORD_HINT } : {})}
        >
          <Form.Control
            type="password"
            autoComplete={nueva ? 'new-password' : 'current-password'}
            autoFocus={!nueva}
            isInvalid={!!errors.password}
            {...form.register('password')}
          />
        </FormField>
        {nueva && (
          <FormField
            id="invitacion-password-confirmacion"
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
        )}
        <Button type="submit" className="w-100" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" />}
          {nueva ? 'Crear mi cuenta y aceptar' : 'Aceptar la invitación'}
        </Button>
      </Form>
    </>
  );
}
