import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import {
  type ComprobanteType,
  type CreateShareLinkResponse,
  SHARE_METHOD_LABEL,
  type ShareMethod,
} from '@repo/contracts/comprobantes';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import {
  useCreateShareLink,
  useRevokeShareLink,
  useSharingSentInformation,
} from './api/share-invoice.ts';
import { DOCUMENTO_TEXTO, mayuscula } from './documento-texto.ts';

/** Share by link: a public page with the PDF and XML of this one document, and the links made before. */
export function ShareInvoicePanel(props: {
  comprobanteId: number;
  comprobanteType: ComprobanteType;
}) {
  const { comprobanteId: facturaId } = props;
  const texto = DOCUMENTO_TEXTO[props.comprobanteType];
  const [link, setLink] = useState<CreateShareLinkResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateShareLink(facturaId);
  const history = useSharingSentInformation(facturaId, true);
  const revoke = useRevokeShareLink(facturaId);

  const askRevoke = (linkId: number, label: string) =>
    confirmDelete({
      title: 'Revocar enlace',
      message: `¿Desea revocar el enlace de ${label}? Quien lo abra verá que fue revocado y ya no podrá consultar ni descargar ${texto.este}.`,
      onAccept: async () => {
        await revoke.mutateAsync(linkId);
        if (link?.id === linkId) setLink(null);
        notify('success', 'El enlace fue revocado.');
      },
    });

  const share = async (method: ShareMethod) => {
    setError(null);
    try {
      setLink(await create.mutateAsync(method));
    } catch (failure) {
      setError(inlineErrorOf(failure));
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', 'El enlace fue copiado.');
    } catch {
      notify('warning', 'No fue posible copiar el enlace; selecciónelo y cópielo manualmente.');
    }
  };

  return (
    <Card className="shadow-sm h-100">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Compartir por enlace
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          Quien reciba el enlace podrá consultar y descargar el PDF y el XML de {texto.este} sin
          iniciar sesión.
        </p>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button
            variant="outline-primary"
            disabled={create.isPending}
            onClick={() => void share('link')}
          >
            {create.isPending && create.variables === 'link' && (
              <Spinner size="sm" className="me-2" />
            )}
            Crear enlace
          </Button>
          <Button
            variant="outline-success"
            disabled={create.isPending}
            onClick={() => void share('whatsapp')}
          >
            {create.isPending && create.variables === 'whatsapp' && (
              <Spinner size="sm" className="me-2" />
            )}
            Compartir por WhatsApp
          </Button>
        </div>
        {error && <Alert variant="warning">{error}</Alert>}
        {link && (
          <div className="mb-3" data-testid="share-link">
            <Form.Label htmlFor="share-link-url" className="fw-semibold">
              Enlace para compartir
            </Form.Label>
            <InputGroup>
              <Form.Control
                id="share-link-url"
                readOnly
                value={link.url}
                onFocus={(e) => e.target.select()}
              />
              <Button variant="outline-secondary" onClick={() => void copy(link.url)}>
                Copiar
              </Button>
            </InputGroup>
            <Form.Text muted>
              {link.expires_at
                ? `El enlace vence el ${formatInstante(link.expires_at)}.`
                : 'El enlace no vence.'}
            </Form.Text>
            {link.whatsapp_url && (
              <div className="mt-2">
                <a
                  href={link.whatsapp_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-success btn-sm"
                >
                  Abrir WhatsApp con el enlace
                </a>
              </div>
            )}
          </div>
        )}
        <h3 className="h6 fw-bold mt-4 mb-2">Enlaces creados</h3>
        {history.isError && <Alert variant="warning">No fue posible consultar los enlaces.</Alert>}
        {history.data?.length === 0 && (
          <p className="small text-body-secondary mb-0">
            {mayuscula(texto.este)} no se ha compartido.
          </p>
        )}
        {history.data && history.data.length > 0 && (
          <ListGroup variant="flush" data-testid="sharing-sent-information">
            {history.data.map((info) => (
              <ListGroup.Item key={info.id} className="px-0 small">
                <div className="d-flex justify-content-between gap-2">
                  <span className="fw-semibold">
                    {SHARE_METHOD_LABEL[info.share_method]} · {formatInstante(info.created_at)}
                  </span>
                  <span
                    className={
                      info.expired || info.revoked_at ? 'text-danger' : 'text-body-secondary'
                    }
                  >
                    {info.revoked_at
                      ? `Revocado el ${formatInstante(info.revoked_at)}`
                      : info.expired
                        ? 'Vencido'
                        : info.expires_at
                          ? `Vence el ${formatInstante(info.expires_at)}`
                          : 'Sin vencimiento'}
                  </span>
                </div>
                <div className="text-body-secondary">
                  {info.shared_by && `Por ${info.shared_by.name || info.shared_by.email} · `}
                  {info.views === 1 ? '1 consulta' : `${info.views} consultas`} ·{' '}
                  {info.downloads === 1 ? '1 descarga' : `${info.downloads} descargas`}
                  {info.last_viewed_at &&
                    ` · última consulta ${formatInstante(info.last_viewed_at)}`}
                </div>
                {!info.revoked_at && !info.expired && (
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0 text-danger"
                    onClick={() =>
                      askRevoke(
                        info.id,
                        `${SHARE_METHOD_LABEL[info.share_method]} del ${formatInstante(info.created_at)}`,
                      )
                    }
                  >
                    Revocar enlace
                  </Button>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
