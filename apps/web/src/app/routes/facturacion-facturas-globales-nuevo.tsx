import { useParams } from 'react-router';
import { GlobalFormScreen } from '#src/features/facturacion/facturas-globales/components/global-form-screen.tsx';

export default function FacturacionFacturasGlobalesNuevoScreen() {
  const { month, year } = useParams();
  return <GlobalFormScreen mode="nuevo" month={Number(month)} year={Number(year)} />;
}
