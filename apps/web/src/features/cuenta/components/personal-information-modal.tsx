import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { PersonalInformationRequest } from '@repo/contracts/users';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { updateUser, useSession } from '#src/shared/session/session-store.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { changePersonalInformation } from '../api/personal-settings.ts';

export function PersonalInformationModal(props: { show: boolean; onHide: () => void }) {
  const { user } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof PersonalInformationRequest>,
    unknown,
    PersonalInformationRequest
  >({
    resolver: zodResolver(PersonalInformationRequest),
    values: { name: user?.name ?? '', phone: user?.phone ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setFailure(null);
    form.clearErrors();
    props.onHide();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      updateUser(await changePersonalInformation(values));
      notify('success', 'Su información personal fue actualizada.');
      close();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'phone']))
        setFailure(inlineErrorOf(error));
    }
  });
  return (
    <Modal show={props.show} onHide={close} centered>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Información personal
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Alert variant="warning">{failure}</Alert>}
          <FormField id="personal-name" label="Nombre completo" error={errors.name?.message}>
            <Form.Control
              autoComplete="name"
              isInvalid={!!errors.name}
              {...form.register('name')}
            />
          </FormField>
          <FormField
            id="personal-phone"
            label="Teléfono"
            error={errors.phone?.message}
            hint="10 dígitos"
          >
            <Form.Control
              type="tel"
              autoComplete="tel"
              isInvalid={!!errors.phone}
              {...form.register('phone')}
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
