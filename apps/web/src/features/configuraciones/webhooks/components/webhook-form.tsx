import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import {
  EVENTOS_WEBHOOK,
  EVENTOS_WEBHOOK_TEXTO,
  WebhookRequest,
  type EventoWebhook,
} from '@repo/contracts/webhooks';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

type Input = z.input<typeof WebhookRequest>;
type Values = z.output<typeof WebhookRequest>;

const VACIO: Input = { url: '', descripcion: '', eventos: ['documento.timbrado'], activo: true };

/** The address, a description, the events it wants and whether it is active: new or edited. */
export function WebhookForm(props: {
  idPrefix: string;
  initial?: Input;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(WebhookRequest),
    mode: 'onTouched',
    defaultValues: props.initial ?? VACIO,
  });
  const { errors, isSubmitting } = form.formState;
  const eventos = useWatch({ control: form.control, name: 'eventos' }) ?? [];

  const alternar = (evento: EventoWebhook, marcado: boolean) => {
    const siguientes = marcado ? [...eventos, evento] : eventos.filter((e) => e !== evento);
    form.setValue('eventos', siguientes, { shouldDirty: true, shouldValidate: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.onSubmit(values);
      if (!props.initial) form.reset(VACIO);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['url', 'descripcion', 'eventos'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  const id = props.idPrefix;
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid={`${id}-form`}>
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField
        id={`${id}-url`}
        label="Dirección (URL) que recibirá los avisos"
        error={errors.url?.message}
        hint="La dirección de su sistema que recibe un POST con JSON por cada evento."
      >
        <Form.Control
          type="url"
          inputMode="url"
          placeholder="https://su-tienda.mx/webhooks/facturacion"
          isInvalid={!!errors.url}
          {...form.register('url')}
        />
      </FormField>
      <FormField id={`${id}-descripcion`} label="Descripción" error={errors.descripcion?.message}>
        <Form.Control
          maxLength={200}
          placeholder="Por ejemplo: tienda en línea"
          isInvalid={!!errors.descripcion}
          {...form.register('descripcion')}
        />
      </FormField>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-2">Eventos</legend>
        {EVENTOS_WEBHOOK.map((evento) => (
          <Form.Check
            key={evento}
            id={`${id}-evento-${evento}`}
            type="checkbox"
            checked={eventos.includes(evento)}
            onChange={(e) => alternar(evento, e.currentTarget.checked)}
            label={
              <>
                <code className="me-2">{evento}</code>
                <span className="text-body-secondary">{EVENTOS_WEBHOOK_TEXTO[evento]}</span>
              </>
            }
          />
        ))}
        {errors.eventos && <div className="invalid-feedback d-block">{errors.eventos.message}</div>}
      </fieldset>
      <Form.Check
        className="mb-3"
        type="switch"
        id={`${id}-activo`}
        label="Activo (recibe los avisos)"
        {...form.register('activo')}
      />
      <div className="d-flex gap-2 flex-wrap">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-1" />}
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="outline-secondary" onClick={props.onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </Form>
  );
}
