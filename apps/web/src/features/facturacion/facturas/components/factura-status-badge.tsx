import Badge from 'react-bootstrap/Badge';
import type { FacturaListItem } from '@repo/contracts/facturas';
import { creditoReservadoOf, statusBadgeOf } from '../factura-status.ts';

/** The status badge; a document waiting for the PAC also says the credit it holds. */
export function FacturaStatusBadge(props: {
  factura: Pick<FacturaListItem, 'status' | 'view_status' | 'estatus_cancelacion'>;
}) {
  const badge = statusBadgeOf(props.factura);
  const credito = creditoReservadoOf(props.factura);
  return (
    <>
      <Badge bg={badge.bg} text={badge.text} data-testid="factura-status">
        {badge.label}
      </Badge>
      {credito && (
        <small
          className="d-block text-body-secondary fw-normal mt-1"
          data-testid="credito-reservado"
        >
          {credito}
        </small>
      )}
    </>
  );
}
