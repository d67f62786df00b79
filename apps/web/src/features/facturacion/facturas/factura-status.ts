import type { FacturaListItem, FacturaStatus } from '@repo/contracts/facturas';

export interface StatusBadge {
  label: string;
  bg: 'secondary' | 'success' | 'danger' | 'warning';
  text: 'white' | 'dark';
}

/** The status badge of a row or a detail: the API's Spanish view_status, coloured by status. */
export function statusBadgeOf(
  item: Pick<FacturaListItem, 'status' | 'view_status' | 'estatus_cancelacion'>,
): StatusBadge {
  const label = item.view_status;
  switch (item.status) {
    case 'pre_factura':
      return { label, bg: 'secondary', text: 'white' };
    case 'cancelled':
    case 'rechazada':
      return { label, bg: 'danger', text: 'white' };
    case 'pendiente_pac':
      return { label, bg: 'warning', text: 'dark' };
    case 'timbrada':
      return item.estatus_cancelacion === 'En proceso'
        ? { label, bg: 'warning', text: 'dark' }
        : { label, bg: 'success', text: 'white' };
  }
}

export type FacturaAction =
  'detalle' | 'editar' | 'eliminar' | 'timbrar' | 'clonar' | 'cancelar' | 'sustituir';

/**
 * Spec section 4: a pre-invoice can be edited, stamped or deleted; a stamped invoice can be
 * cancelled or substituted (unless a cancellation is already under way); any invoice can be cloned but one still
 * waiting for the PAC's answer.
 */
export function actionsFor(
  item: Pick<FacturaListItem, 'status' | 'estatus_cancelacion'>,
): FacturaAction[] {
  switch (item.status as FacturaStatus) {
    case 'pre_factura':
      return ['detalle', 'editar', 'timbrar', 'eliminar', 'clonar'];
    case 'timbrada':
      return item.estatus_cancelacion === 'En proceso'
        ? ['detalle', 'clonar']
        : ['detalle', 'clonar', 'sustituir', 'cancelar'];
    case 'cancelled':
    case 'rechazada':
      return ['detalle', 'clonar'];
    case 'pendiente_pac':
      // Sealed and sent: resent as is until the PAC answers; nothing to change meanwhile.
      return ['detalle'];
  }
}

/** The PPD amount still to be paid, only for stamped PPD invoices (null otherwise). */
export function ppdPendingOf(
  item: Pick<FacturaListItem, 'metodo_pago' | 'status' | 'PPD_pending_amount'>,
): string | null {
  if (item.metodo_pago !== 'PPD' || item.status === 'pre_factura') return null;
  return item.PPD_pending_amount;
}

/** The credit a document holds while the PAC's answer is pending (refunded if the PAC rejects it). */
export function creditoReservadoOf(item: Pick<FacturaListItem, 'status'>): string | null {
  return item.status === 'pendiente_pac' ? '1 crédito reservado' : null;
}
