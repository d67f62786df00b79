import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { EMAILS_MAX, type ComprobanteType } from '@repo/contracts/comprobantes';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import { useClientEmails } from './api/get-client-emails.ts';
import { useInvoiceSentInformation, useSendByEmail } from './api/send-by-email.ts';
import { DOCUMENTO_TEXTO, mayuscula } from './documento-texto.ts';
import { emailsError, parseEmails } from './email-recipients.ts';

/** The first field error of a 422 (`emails.<n>`), naming the address it is about. */
function serverEmailError(error: unknown, emails: readonly string[]): string | null {
  if (!(error instanceof ApiError)) return null;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const index = /^emails\.(\d+)$/.exec(field)?.[1];
    if (messages[0]) return index ? `${messages[0]}: ${emails[Number(index)] ?? ''}` : messages[0];
  }
  return inlineErrorOf(error);
}

/** Send by e-mail to several addresses (PDF and XML attached), and what was sent before. */
export function SendEmailPanel(props: {
  comprobanteId: number;
  comprobanteType: ComprobanteType;
  clientId: number | null;
}) {
  const { comprobanteId: facturaId, comprobanteType } = props;
  const texto = DOCUMENTO_TEXTO[comprobanteType];
  const clientEmails = useClientEmails(props.clientId).data;
  const [text, setText] = useState('');
  const [seeded, setSeeded] = useState(false);
  // The client's addresses fill the box once they arrive, unless the user already typed.
  if (!seeded && clientEmails) {
    setSeeded(true);
    if (text === '') setText(clientEmails.join(', '));
  }
  const [error, setError] = useState<string | null>(null);
  const send = useSendByEmail(facturaId);
  const sent = useInvoiceSentInformation(facturaId, true);

  const submit = async () => {
    const emails = parseEmails(text);
    const message = emailsError(emails);
    setError(message);
    if (message) return;
    try {
      await send.mutateAsync({ emails, comprobante_type: comprobanteType });
      notify(
        'success',
        `${texto.el} fue enviad${texto.el.startsWith('El') ? 'o' : 'a'} a ${emails.join(', ')}.`,
      );
      setText('');
    } catch (failure) {
      setError(serverEmailError(failure, emails));
    }
  };

  return (
    <Card className="shadow-sm h-100">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Enviar por correo electrónico
      </Card.Header>
      <Card.Body>
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Form.Group className="mb-3" controlId="send-emails">
            <Form.Label className="fw-semibold">Correos electrónicos</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={text}
              isInvalid={!!error}
              placeholder="cliente@empresa.mx, contabilidad@empresa.mx"
              onChange={(e) => setText(e.target.value)}
            />
            {error ? (
              <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            ) : (
              <Form.Text muted>
                Separe los correos con comas. Hasta {EMAILS_MAX} destinatarios; se adjuntan el PDF y
                el XML.
              </Form.Text>
            )}
          </Form.Group>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending && <Spinner size="sm" className="me-2" />}
            {texto.enviar}
          </Button>
        </Form>
        <h3 className="h6 fw-bold mt-4 mb-2">Envíos realizados</h3>
        {sent.isError && <Alert variant="warning">No fue posible consultar los envíos.</Alert>}
        {sent.data?.length === 0 && (
          <p className="small text-body-secondary mb-0">
            {mayuscula(texto.este)} no se ha enviado por correo.
          </p>
        )}
        {sent.data && sent.data.length > 0 && (
          <ListGroup variant="flush" data-testid="email-sent-information">
            {sent.data.map((info) => (
              <ListGroup.Item key={info.id} className="px-0 small">
                <div className="d-flex justify-content-between gap-2">
                  <span className="fw-semibold text-break">{info.emails.join(', ')}</span>
                  <Badge bg={info.outcome === 'enviado' ? 'success' : 'danger'}>
                    {info.outcome === 'enviado' ? 'Enviado' : 'Fallido'}
                  </Badge>
                </div>
                <div className="text-body-secondary">
                  {formatInstante(info.sent_at)}
                  {info.sent_by && ` · por ${info.sent_by.name || info.sent_by.email}`}
                </div>
                {info.error_message && <div className="text-danger">{info.error_message}</div>}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
