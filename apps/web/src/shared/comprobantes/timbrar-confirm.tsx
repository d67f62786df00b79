import { type ReactNode, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { usePuede } from '#src/shared/session/permisos.ts';
import { useRemainingCredits } from '#src/shared/session/remaining-credits.ts';
import { useSession } from '#src/shared/session/session-store.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

/** The credits line: what stamping spends and what is left, or that there is nothing to spend. */
function CreditosDelTimbrado(props: { available: number | null }) {
  const { available } = props;
  const canBuy = usePuede('comprar');
  if (available !== null && available <= 0) {
    return (
      <Alert variant="warning" className="mb-0" data-testid="timbrar-sin-creditos">
        <p className={canBuy ? 'mb-2' : 'mb-0'}>
          <strong>No tiene créditos para timbrar.</strong> Cada timbre usa 1 crédito:{' '}
          {canBuy
            ? 'compre un paquete y vuelva a esta ventana para timbrar'
            : 'pida al propietario de la empresa que compre un paquete'}
          ; sus datos se conservan.
        </p>
        {canBuy && (
          <a
            href="/comprar-creditos"
            target="_blank"
            rel="noopener"
            className="btn btn-warning btn-sm"
            data-testid="timbrar-comprar-creditos"
          >
            Comprar créditos
          </a>
        )}
      </Alert>
    );
  }
  return (
    <p className="mb-0" data-testid="timbrar-creditos">
      Se usará <strong>1 crédito</strong>
      {available === null
        ? '.'
        : `: tiene ${NUMBER.format(available)} y le quedarán ${NUMBER.format(available - 1)}.`}
    </p>
  );
}

/** The body, mounted while the dialog shows: asks the balance again each time it opens. */
function TimbrarConfirmBody(props: {
  children: ReactNode;
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onHide: () => void;
}) {
  // Fresh on opening and when the user comes back from buying credits in another tab.
  const credits = useRemainingCredits({ fresh: true, onFocus: true });
  const stored = useSession().totalRemainingCredits;
  const available = credits.data ?? stored ?? null;
  const sinCreditos = available !== null && available <= 0;
  return (
    <>
      <Modal.Body>
        <div className="mb-3">{props.children}</div>
        <CreditosDelTimbrado available={available} />
        {props.error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {props.error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onHide}>
          Regresar
        </Button>
        <Button disabled={props.pending || sinCreditos} onClick={props.onConfirm}>
          {props.pending && <Spinner size="sm" className="me-2" />}
          Timbrar
        </Button>
      </Modal.Footer>
    </>
  );
}

/**
 * The one stamping confirmation of the product (invoice form and detail, global invoice, payment
 * complement): what will be stamped, the credit it spends with the credits left after it; with no
 * credits it says so and offers the purchase before any stamp is tried.
 */
export function TimbrarConfirm(props: {
  show: boolean;
  /** "Timbrar factura", "Timbrar complemento de pago"… */
  titulo?: string;
  /** What will be stamped, for how much. */
  children: ReactNode;
  error?: string | null;
  pending?: boolean;
  onConfirm: () => void;
  onHide: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={props.show} onHide={props.onHide} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{props.titulo ?? 'Timbrar factura'}</Modal.Title>
      </Modal.Header>
      {props.show && (
        <TimbrarConfirmBody
          error={props.error ?? null}
          pending={props.pending ?? false}
          onConfirm={props.onConfirm}
          onHide={props.onHide}
        >
          {props.children}
        </TimbrarConfirmBody>
      )}
    </Modal>
  );
}
