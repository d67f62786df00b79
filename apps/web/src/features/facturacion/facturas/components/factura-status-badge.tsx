import Badge from 'react-bootstrap/Badge';
import type { FacturaListItem } from '@repo/contracts/facturas';
import { statusBadgeOf } from '../factura-status.ts';

export function FacturaStatusBadge(props: {
  factura: Pick<FacturaListItem, 'status' | 'view_status' | 'estatus_cancelacion'>;
}) {
  const badge = statusBadgeOf(props.factura);
  return (
    <Badge bg={badge.bg} text={badge.text} data-testid="factura-status">
      {badge.label}
    </Badge>
  );
}
