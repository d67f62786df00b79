import Badge from 'react-bootstrap/Badge';
import { CREDIT_PAYMENT_STATUS_LABELS, type CreditPaymentStatus } from '@repo/contracts/credits';

const VARIANTS: Record<CreditPaymentStatus, string> = {
  pending: 'secondary',
  paid: 'success',
  invoiced: 'primary',
  free: 'info',
  expired: 'secondary',
  refunded: 'warning',
};

/** A credit payment's status in Spanish (spec section 4: invoiced shows "Facturado"). */
export function CreditPaymentStatusBadge({ status }: { status: CreditPaymentStatus }) {
  return (
    <Badge
      bg={VARIANTS[status]}
      text={status === 'refunded' || status === 'free' ? 'dark' : 'white'}
    >
      {CREDIT_PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
