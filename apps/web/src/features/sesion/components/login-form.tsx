import { type FormEvent, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError } from '#src/shared/http/api-error.ts';
import { type LoginOutcome, applyLoginResponse } from '#src/shared/session/auth-api.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { login } from '../api/login.ts';
import type { LoginErrors, LoginValues, checkLogin } from './login-validation.ts';

const FIELDS = ['email', 'password'] as const;

// The login page is the first load: this form does without a form library, and zod with the
// API's contract (which checks it) loads once the form is on screen, before it is needed.
let validation: Promise<{ checkLogin: typeof checkLogin }> | null = null;
function loadValidation() {
  validation ??= import('./login-validation.ts').catch((error: unknown) => {
    validation = null; // a failed chunk load is retried on the next submit
    throw error;
  });
  return validation;
}

/** The 422 field messages of the API for the login's fields, or null when there are none. */
function serverFieldErrors(error: unknown): LoginErrors | null {
  if (!(error instanceof ApiError)) return null;
  const errors: LoginErrors = {};
  for (const field of FIELDS) {
    const message = error.fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function LoginForm(props: { onDone: (outcome: LoginOutcome) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => void loadValidation().catch(() => undefined), []);

  const valuesOf = (form: HTMLFormElement): LoginValues => {
    const data = new FormData(form);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };

  // As with the other forms: after the first submit, the messages follow what is typed.
  const recheck = async () => {
    if (!submitted.current || !formRef.current) return;
    const checked = (await loadValidation()).checkLogin(valuesOf(formRef.current));
    setErrors(checked.success ? {} : checked.errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    setFailure(null);
    const checked = (await loadValidation()).checkLogin(valuesOf(form));
    if (!checked.success) {
      setErrors(checked.errors);
      const first = FIELDS.find((f) => checked.errors[f]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      props.onDone(await applyLoginResponse(await login(checked.data)));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(inlineErrorOf(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form ref={formRef} noValidate onSubmit={(e) => void submit(e)} onChange={() => void recheck()}>
      {failure && (
        <div className="alert alert-warning" role="alert">
          {failure}
        </div>
      )}
      <FormField id="login-email" label="Correo electrónico" error={errors.email}>
        <Form.Control
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          isInvalid={!!errors.email}
        />
      </FormField>
      <FormField id="login-password" label="Contraseña" error={errors.password}>
        <Form.Control
          name="password"
          type="password"
          autoComplete="current-password"
          isInvalid={!!errors.password}
        />
      </FormField>
      <Button type="submit" className="w-100" size="lg" disabled={submitting}>
        {submitting && <Spinner size="sm" className="me-2" />}
        Iniciar sesión
      </Button>
    </Form>
  );
}
