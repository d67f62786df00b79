import { FacturasList } from '#src/features/facturacion/facturas/components/facturas-list.tsx';

export default function FacturacionFacturasScreen() {
  return <FacturasList />;
}
