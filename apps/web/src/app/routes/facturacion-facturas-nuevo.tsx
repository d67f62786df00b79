import { FACTURA_ALTA_RAPIDA } from '#src/app/factura-alta-rapida.tsx';
import { FacturaFormScreen } from '#src/features/facturacion/factura-form/components/factura-form-screen.tsx';

export default function FacturacionFacturasNuevoScreen() {
  return <FacturaFormScreen mode="nuevo" facturaId={null} altaRapida={FACTURA_ALTA_RAPIDA} />;
}
