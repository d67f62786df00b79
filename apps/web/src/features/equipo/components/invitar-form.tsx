import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  INVITACION_DIAS,
  ROL_DESCRIPCION,
  ROL_ETIQUETA,
  type InvitacionRequest,
  type RolInvitado,
} from '@repo/contracts/equipo';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { useRol } from '#src/shared/session/permisos.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { EquipoApi } from '../api/equipo-api.ts';

/** The invitation by e-mail: the address and the role; only an owner invites an administrator. */
export function InvitarForm(props: { api: EquipoApi; onSent: () => void }) {
  const rolPropio = useRol();
  const roles: RolInvitado[] =
    rolPropio === 'propietario'
      ? ['facturista', 'lectura', 'administrador']
      : ['facturista', 'lectura'];
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InvitacionRequest>({ defaultValues: { email: '', rol: 'facturista' } });
  const { errors, isSubmitting } = form.formState;
  const rol = form.watch('rol');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.api.invitar(values);
      notify('success', `Enviamos la invitación a ${values.email.trim().toLowerCase()}.`);
      form.reset({ email: '', rol: values.rol });
      props.onSent();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['email', 'rol']))
        setFailure(inlineErrorOf(error));
    }
  });
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 fw-bold">Invitar a una persona</h2>
        <p className="text-body-secondary small">
          Le enviaremos un enlace por correo, válido durante {INVITACION_DIAS} días. Si aún no tiene
          cuenta, la creará con ese correo.
        </p>
        <Form noValidate onSubmit={(e) => void submit(e)} data-testid="invitar-form">
          {failure && <Alert variant="warning">{failure}</Alert>}
          <Row className="g-3">
            <Col md={6}>
              <FormField
                id="invitar-email"
                label="Correo electrónico"
                error={errors.email?.message}
              >
                <Form.Control
                  type="email"
                  autoComplete="off"
                  isInvalid={!!errors.email}
                  {...form.register('email', { required: 'Ingrese un correo electrónico válido' })}
                />
              </FormField>
            </Col>
            <Col md={6}>
              <FormField id="invitar-rol" label="Rol" error={errors.rol?.message}>
                <Form.Select isInvalid={!!errors.rol} {...form.register('rol')}>
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {ROL_ETIQUETA[r]}
                    </option>
                  ))}
                </Form.Select>
              </FormField>
            </Col>
          </Row>
          <p className="small text-body-secondary">{ROL_DESCRIPCION[rol]}</p>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" />}
            Enviar invitación
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
