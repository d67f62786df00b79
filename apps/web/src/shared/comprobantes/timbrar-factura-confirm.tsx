import { TimbrarConfirm } from './timbrar-confirm.tsx';
import { formatCurrency } from '#src/shared/format/currency.ts';

/**
 * Asks before stamping from a form (invoice: new, clone, edit; global; credit note) as the detail
 * does: what will be stamped, for how much, and the credit it spends (the shared confirmation).
 */
export function TimbrarFacturaConfirm(props: {
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
  const total =
    props.total === null
      ? null
      : `${formatCurrency(props.total)}${props.moneda === 'MXN' ? '' : ` ${props.moneda}`}`;
  return (
    <TimbrarConfirm
      show={props.show}
      {...(props.titulo ? { titulo: props.titulo } : {})}
      onConfirm={props.onConfirm}
      onHide={props.onHide}
    >
      <p className="mb-0">
        Se timbrará {props.documento ?? 'la factura'} de <strong>{props.clientName}</strong>
        {total !== null && (
          <>
            {' '}
            por <strong data-testid="timbrar-total">{total}</strong>
          </>
        )}{' '}
        {props.datos}. Ya timbrada no podrá editarla; solo cancelarla.
      </p>
    </TimbrarConfirm>
  );
}
