import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import type { ClaveApiCreadaResponse } from '@repo/contracts/claves-api';

/** The key itself, shown once right after it is made, with a button that copies it. */
export function ClaveAviso(props: { clave: ClaveApiCreadaResponse | null; onClose: () => void }) {
  const [copiado, setCopiado] = useState(false);
  const [fallo, setFallo] = useState(false);
  const clave = props.clave;
  const copiar = async () => {
    if (!clave) return;
    try {
      await navigator.clipboard.writeText(clave.clave);
      setCopiado(true);
      setFallo(false);
    } catch {
      setFallo(true);
    }
  };
  const cerrar = () => {
    setCopiado(false);
    setFallo(false);
    props.onClose();
  };
  return (
    <Modal show={clave !== null} onHide={cerrar} centered backdrop="static">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Su nueva clave de API
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">
          Copie la clave y guárdela ahora en su sistema: por seguridad{' '}
          <strong>no se volverá a mostrar</strong>. Si la pierde, revóquela y cree otra.
        </Alert>
        <InputGroup className="mb-2">
          <Form.Control
            readOnly
            value={clave?.clave ?? ''}
            aria-label="Clave de API"
            data-testid="nueva-clave-valor"
            className="font-monospace"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="outline-primary" onClick={() => void copiar()}>
            {copiado ? 'Copiada' : 'Copiar'}
          </Button>
        </InputGroup>
        {fallo && (
          <p className="small text-danger">
            Su navegador no permitió copiar: seleccione la clave y cópiela con el teclado.
          </p>
        )}
        <p className="small text-body-secondary mb-0">
          Envíela en cada solicitud con el encabezado{' '}
          <code className="text-break">Authorization: Bearer {'<clave>'}</code>.
          {clave?.modo === 'pruebas' &&
            ' Es una clave de pruebas: timbra con el PAC de pruebas, sin validez fiscal.'}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={cerrar}>Ya la guardé</Button>
      </Modal.Footer>
    </Modal>
  );
}
