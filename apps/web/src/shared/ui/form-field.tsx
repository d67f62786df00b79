import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** A labelled Bootstrap field with its validation message. */
export function FormField(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label className="fw-semibold">{props.label}</Form.Label>
      {props.children}
      {props.error ? (
        <Form.Control.Feedback type="invalid" className="d-block">
          {props.error}
        </Form.Control.Feedback>
      ) : (
        props.hint && <Form.Text muted>{props.hint}</Form.Text>
      )}
    </Form.Group>
  );
}
