import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useRemainingCredits } from '#src/shared/session/remaining-credits.ts';
import { useSession } from '#src/shared/session/session-store.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

/**
 * Asks before stamping from the form (new, clone, edit) as the detail does: what will be stamped, for
 * how much, and the credit it spends, with the credits left after it.
 */
export function TimbrarConfirm(props: {
  show: boolean;
  clientName: string;
  /** Null when the server computes it at stamping (a credit note): the sentence then names none. */
  total: string | null;
  moneda: string;
  /** "con los datos del formulario" or "con los datos originales". */
  datos: string;
  onConfirm: () => void;
  onHide: () => void;
  /** "Timbrar factura" unless another document is stamped. */
  titulo?: string;
  /** "la factura" unless another document is stamped. */
  documento?: string;
}) {
  const credits = useRemainingCredits();
  const stored = useSession().totalRemainingCredits;
  const available = credits.data ?? stored;
  const total =
    props.total === null
      ? null
      : `${formatCurrency(props.total)}${props.moneda === 'MXN' ? '' : ` ${props.moneda}`}`;
  return (
    <Modal show={props.show} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title>{props.titulo ?? 'Timbrar factura'}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Se timbrará {props.documento ?? 'la factura'} de <strong>{props.clientName}</strong>
          {total !== null && (
            <>
              {' '}
              por <strong data-testid="timbrar-total">{total}</strong>
            </>
          )}{' '}
          {props.datos}. Ya timbrada no podrá editarla; solo cancelarla.
        </p>
        <p className="mb-0" data-testid="timbrar-creditos">
          Se usará <strong>1 crédito</strong>
          {available === null || available === undefined
            ? '.'
            : `: tiene ${NUMBER.format(available)} y le quedarán ${NUMBER.format(Math.max(available - 1, 0))}.`}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onHide}>
          Regresar
        </Button>
        <Button onClick={props.onConfirm}>Timbrar</Button>
      </Modal.Footer>
    </Modal>
  );
}
