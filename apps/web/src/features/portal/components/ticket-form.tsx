import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { PortalTicketRequest, type PortalTicketResponse } from '@repo/contracts/recibos';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { PortalApi } from '../api/portal-api.ts';

type Input = z.input<typeof PortalTicketRequest>;
type Values = z.output<typeof PortalTicketRequest>;

/** Step 1: the ticket's code and total, as printed on it. */
export function TicketForm(props: {
  api: PortalApi;
  codigo: string;
  onTicket: (ticket: PortalTicketResponse, datos: Values) => void;
}) {
  const [fallo, setFallo] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(PortalTicketRequest),
    defaultValues: { codigo: props.codigo, total: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFallo(null);
    try {
      props.onTicket(await props.api.ticket(values), values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['codigo', 'total']))
        setFallo(inlineErrorOf(error));
    }
  });
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="portal-ticket">
      {fallo && <Alert variant="warning">{fallo}</Alert>}
      <FormField
        id="portal-codigo"
        label="Código de facturación"
        error={errors.codigo?.message}
        hint="Las 12 letras y números impresos en su ticket."
      >
        <Form.Control
          autoComplete="off"
          autoCapitalize="characters"
          isInvalid={!!errors.codigo}
          {...form.register('codigo')}
        />
      </FormField>
      <FormField id="portal-total" label="Total del ticket" error={errors.total?.message}>
        <Form.Control
          inputMode="decimal"
          placeholder="0.00"
          isInvalid={!!errors.total}
          {...form.register('total')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-1" />}
        Buscar ticket
      </Button>
    </Form>
  );
}
