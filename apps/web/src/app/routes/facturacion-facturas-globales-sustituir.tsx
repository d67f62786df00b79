import { useParams } from 'react-router';
import { GlobalFormScreen } from '#src/features/facturacion/facturas-globales/components/global-form-screen.tsx';

/** "Sustituir": the stamped global as a copy to correct; stamping it cancels the original (01). */
export default function FacturacionFacturasGlobalesSustituirScreen() {
  const { facturaGlobalId } = useParams();
  return <GlobalFormScreen mode="sustituir" id={Number(facturaGlobalId)} />;
}
