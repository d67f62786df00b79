import { useParams } from 'react-router';
import { NotaCreditoDetail } from '#src/features/facturacion/notas-credito/components/nota-credito-detail.tsx';

export default function FacturacionNotasCreditoDetalleScreen() {
  const { notaId } = useParams();
  const id = /^\d+$/.test(notaId ?? '') ? Number(notaId) : 0;
  return <NotaCreditoDetail key={id} id={id} />;
}
