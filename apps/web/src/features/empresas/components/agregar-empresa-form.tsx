import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { RFC_INVALID_MESSAGE, isValidRfc } from '@repo/contracts/enterprises';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { agregarEmpresa } from '../api/empresas-api.ts';

/**
 * "Agregar empresa" (issue 27): the RFC of another enterprise to invoice for from this login. The
 * API creates it with the user as owner and answers the token of its initial configuration, the
 * same wizard the first enterprise went through; `onCreated` opens it.
 */
export function AgregarEmpresaForm(props: { onCreated: (newClientToken: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ rfc: string }>({ defaultValues: { rfc: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ rfc }) => {
    setFailure(null);
    try {
      const { new_client_token } = await agregarEmpresa(rfc.trim().toUpperCase());
      props.onCreated(new_client_token);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['rfc'])) setFailure(inlineErrorOf(error));
    }
  });
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <Form noValidate onSubmit={(e) => void submit(e)} data-testid="agregar-empresa-form">
          {failure && <Alert variant="warning">{failure}</Alert>}
          <FormField id="agregar-empresa-rfc" label="RFC de la empresa" error={errors.rfc?.message}>
            <Form.Control
              autoComplete="off"
              className="text-uppercase"
              maxLength={13}
              isInvalid={!!errors.rfc}
              {...form.register('rfc', {
                validate: (v) => isValidRfc(v.trim().toUpperCase()) || RFC_INVALID_MESSAGE,
              })}
            />
          </FormField>
          <ul className="small text-body-secondary ps-3">
            <li>
              Usted será su propietario. Después podrá invitar a otras personas desde
              Configuraciones → Usuarios.
            </li>
            <li>
              Tendrá su propio saldo de créditos, separado del de sus otras empresas. Los créditos
              de bienvenida son solo para la primera empresa de una cuenta.
            </li>
          </ul>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" />}
            Continuar con la configuración
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
