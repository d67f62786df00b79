import { useParams } from 'react-router';
import { GlobalFormScreen } from '#src/features/facturacion/facturas-globales/components/global-form-screen.tsx';

export default function FacturacionFacturasGlobalesEditarScreen() {
  const { facturaGlobalId } = useParams();
  return <GlobalFormScreen mode="editar" id={Number(facturaGlobalId)} />;
}
