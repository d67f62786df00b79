import { type ComponentType, type ReactNode, createContext, useContext, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ClientResponse } from '@repo/contracts/clients';
import type { ProductServiceResponse } from '@repo/contracts/products-services';

interface AltaProps<T> {
  /** Called with the saved record: the invoice selects it. */
  onCreated: (record: T) => void;
  onCancel: () => void;
}

/**
 * The client and product forms the invoice form opens without leaving the page. They belong to other
 * features, so the app composes them in (features never import each other).
 */
export interface AltaRapida {
  NuevoCliente: ComponentType<AltaProps<ClientResponse>>;
  NuevoProducto: ComponentType<AltaProps<ProductServiceResponse>>;
}

const AltaRapidaContext = createContext<AltaRapida | null>(null);

export function AltaRapidaProvider(props: { value: AltaRapida | null; children: ReactNode }) {
  return (
    <AltaRapidaContext.Provider value={props.value}>{props.children}</AltaRapidaContext.Provider>
  );
}

/**
 * A large dialog (full screen on a phone) over the invoice: the invoice keeps everything captured.
 * Only Cancelar or × close it, so a stray click outside does not lose the new record's data.
 */
function AltaModal(props: { title: string; onHide: () => void; children: ReactNode }) {
  return (
    <Modal show size="xl" fullscreen="md-down" backdrop="static" onHide={props.onHide}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5 fw-bold">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="bg-body-tertiary">{props.children}</Modal.Body>
    </Modal>
  );
}

function AltaBoton(props: { label: string; onClick: () => void }) {
  return (
    <Button variant="link" size="sm" className="p-0 text-decoration-none" onClick={props.onClick}>
      + {props.label}
    </Button>
  );
}

/** "Nuevo cliente": registers a client in a dialog and hands it to the invoice. */
export function NuevoClienteEnFactura(props: { onCreated: (client: ClientResponse) => void }) {
  const alta = useContext(AltaRapidaContext);
  const [open, setOpen] = useState(false);
  if (!alta) return null;
  const { NuevoCliente } = alta;
  return (
    <>
      <AltaBoton label="Nuevo cliente" onClick={() => setOpen(true)} />
      {open && (
        <AltaModal title="Nuevo cliente" onHide={() => setOpen(false)}>
          <NuevoCliente
            onCancel={() => setOpen(false)}
            onCreated={(client) => {
              setOpen(false);
              props.onCreated(client);
            }}
          />
        </AltaModal>
      )}
    </>
  );
}

/** "Nuevo producto o servicio": registers one in a dialog and puts it in the partida. */
export function NuevoProductoEnFactura(props: {
  onCreated: (product: ProductServiceResponse) => void;
}) {
  const alta = useContext(AltaRapidaContext);
  const [open, setOpen] = useState(false);
  if (!alta) return null;
  const { NuevoProducto } = alta;
  return (
    <>
      <AltaBoton label="Nuevo producto o servicio" onClick={() => setOpen(true)} />
      {open && (
        <AltaModal title="Nuevo producto o servicio" onHide={() => setOpen(false)}>
          <NuevoProducto
            onCancel={() => setOpen(false)}
            onCreated={(product) => {
              setOpen(false);
              props.onCreated(product);
            }}
          />
        </AltaModal>
      )}
    </>
  );
}
