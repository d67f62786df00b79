import { useParams } from 'react-router';
import { FACTURA_ALTA_RAPIDA } from '#src/app/factura-alta-rapida.tsx';
import {
  FACTURA_NO_EXISTE,
  FacturaFormScreen,
} from '#src/features/facturacion/factura-form/components/factura-form-screen.tsx';
import { NoExiste } from '#src/shared/ui/no-existe.tsx';

/** "Sustituir": the stamped invoice as a copy to correct; stamping it cancels the original (01). */
export default function FacturacionFacturasSustituirScreen() {
  const { facturaId } = useParams();
  const id = Number(facturaId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <NoExiste mensaje={FACTURA_NO_EXISTE} to="/facturacion/facturas" volver="Ir a mis facturas" />
    );
  }
  return (
    <FacturaFormScreen key={id} mode="sustituir" facturaId={id} altaRapida={FACTURA_ALTA_RAPIDA} />
  );
}
