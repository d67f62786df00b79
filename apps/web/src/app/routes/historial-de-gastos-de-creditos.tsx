import { CreditSpendingsList } from '#src/features/creditos/components/credit-spendings-list.tsx';

export default function HistorialDeGastosDeCreditosScreen() {
  return <CreditSpendingsList />;
}
