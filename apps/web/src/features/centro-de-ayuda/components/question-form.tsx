import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { QuestionFormRequest } from '@repo/contracts/help-center';
import { showSuccessDialog } from '#src/shared/feedback/feedback-store.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { sendQuestion } from '../api/send-question.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

export function QuestionForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuestionFormRequest>({
    resolver: zodResolver(QuestionFormRequest),
    defaultValues: { question: '', question_details: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const details = useWatch({ control: form.control, name: 'question_details' }) ?? '';
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sendQuestion(values);
      form.reset();
      showSuccessDialog(
        'Recibimos su pregunta. Nuestro equipo de soporte le responderá al correo electrónico de su cuenta.',
        'Pregunta enviada',
      );
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['question', 'question_details'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });
  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField id="question" label="¿En qué podemos ayudarle?" error={errors.question?.message}>
        <Form.Control
          maxLength={200}
          placeholder="Ej. ¿Cómo cancelo una factura timbrada?"
          isInvalid={!!errors.question}
          {...form.register('question')}
        />
      </FormField>
      <FormField
        id="question-details"
        label="Detalles"
        error={errors.question_details?.message}
        hint={`${details.length} de 5000 caracteres. Incluya el folio o el RFC involucrado si aplica.`}
      >
        <Form.Control
          as="textarea"
          rows={6}
          maxLength={5000}
          isInvalid={!!errors.question_details}
          {...form.register('question_details')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" />}
        Enviar pregunta
      </Button>
    </Form>
  );
}
