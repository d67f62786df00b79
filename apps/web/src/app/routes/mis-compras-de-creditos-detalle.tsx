import { useParams } from 'react-router';
import { CreditPaymentDetail } from '#src/features/creditos/components/credit-payment-detail.tsx';

export default function MisComprasDeCreditosDetalleScreen() {
  const { id } = useParams();
  const paymentId = /^\d+$/.test(id ?? '') ? Number(id) : 0;
  return <CreditPaymentDetail key={paymentId} id={paymentId} />;
}
