import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { FIRMA_HEADER } from '@repo/contracts/webhooks';

/** The signing secret, shown once after it is made, with how a receiver checks a delivery. */
export function SecretoAviso(props: { secreto: string | null; onClose: () => void }) {
  const [copiado, setCopiado] = useState(false);
  const copiar = async () => {
    if (!props.secreto) return;
    await navigator.clipboard.writeText(props.secreto);
    setCopiado(true);
  };
  return (
    <Modal show={props.secreto !== null} onHide={props.onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Secreto de firma del webhook
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Guárdelo ahora en su sistema: por seguridad <strong>no se volverá a mostrar</strong>. Si
          lo pierde, genere uno nuevo.
        </p>
        <InputGroup className="mb-3">
          <Form.Control
            readOnly
            value={props.secreto ?? ''}
            aria-label="Secreto de firma"
            data-testid="webhook-secreto"
            className="font-monospace"
          />
          <Button variant="outline-primary" onClick={() => void copiar()}>
            {copiado ? 'Copiado' : 'Copiar'}
          </Button>
        </InputGroup>
        <p className="small text-body-secondary mb-0">
          Cada aviso llega con el encabezado <code>{FIRMA_HEADER}</code> con la forma{' '}
          <code>t=…,v1=…</code>: calcule HMAC-SHA256 con este secreto sobre{' '}
          <code>t + &quot;.&quot; + cuerpo</code> y compárelo con <code>v1</code>; rechace avisos
          con <code>t</code> de más de 5 minutos.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={props.onClose}>Ya lo guardé</Button>
      </Modal.Footer>
    </Modal>
  );
}
