import { GlobalesYearList } from '#src/features/facturacion/facturas-globales/components/globales-year-list.tsx';

export default function FacturacionFacturasGlobalesScreen() {
  return <GlobalesYearList />;
}
