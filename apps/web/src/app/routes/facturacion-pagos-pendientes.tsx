import { PagosPendientes } from '#src/features/facturacion/pagos/components/pagos-pendientes.tsx';

export default function FacturacionPagosPendientesScreen() {
  return <PagosPendientes />;
}
