import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { SerieUpdateRequest } from '@repo/contracts/series';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

type Input = z.input<typeof SerieUpdateRequest>;
type Values = z.output<typeof SerieUpdateRequest>;

/** Serie (letters only) and folio: creates a serie, or edits one. */
export function SerieEditor(props: {
  idPrefix: string;
  initial?: { serie: string; folio: number };
  folioLabel: string;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(SerieUpdateRequest),
    mode: 'onTouched',
    defaultValues: props.initial ?? { serie: '', folio: 1 },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.onSubmit(values);
      if (!props.initial) form.reset({ serie: '', folio: 1 });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['serie', 'folio'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <Row className="g-2 align-items-start">
        <Col sm={5}>
          <Form.Group controlId={`${props.idPrefix}-serie`}>
            <Form.Label className="small fw-semibold mb-1">Serie</Form.Label>
            <Form.Control
              size="sm"
              maxLength={25}
              isInvalid={!!errors.serie}
              {...form.register('serie')}
            />
            <Form.Control.Feedback type="invalid">{errors.serie?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={`${props.idPrefix}-folio`}>
            <Form.Label className="small fw-semibold mb-1">{props.folioLabel}</Form.Label>
            <Form.Control
              size="sm"
              inputMode="numeric"
              isInvalid={!!errors.folio}
              {...form.register('folio')}
            />
            <Form.Control.Feedback type="invalid">{errors.folio?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col sm={4} className="d-flex gap-2" style={{ paddingTop: '1.6rem' }}>
          <Button type="submit" size="sm" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-1" />}
            {props.submitLabel}
          </Button>
          {props.onCancel && (
            <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
              Cancelar
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
