import { CheckOut } from '#src/features/creditos/components/check-out.tsx';

export default function ComprarCreditosCheckOutScreen() {
  return <CheckOut />;
}
