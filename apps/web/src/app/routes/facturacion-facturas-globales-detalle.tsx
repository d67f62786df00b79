import { useParams } from 'react-router';
import { GlobalDetail } from '#src/features/facturacion/facturas-globales/components/global-detail.tsx';

export default function FacturacionFacturasGlobalesDetalleScreen() {
  const { facturaGlobalId } = useParams();
  return <GlobalDetail id={Number(facturaGlobalId)} />;
}
