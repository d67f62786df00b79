import { CreditPaymentsList } from '#src/features/creditos/components/credit-payments-list.tsx';

export default function MisComprasDeCreditosScreen() {
  return <CreditPaymentsList />;
}
