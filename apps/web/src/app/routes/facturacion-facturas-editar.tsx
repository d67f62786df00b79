import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { FACTURA_ALTA_RAPIDA } from '#src/app/factura-alta-rapida.tsx';
import { FacturaFormScreen } from '#src/features/facturacion/factura-form/components/factura-form-screen.tsx';

export default function FacturacionFacturasEditarScreen() {
  const { facturaId } = useParams();
  const id = Number(facturaId);
  if (!Number.isInteger(id) || id <= 0) {
    return <Alert variant="warning">La factura solicitada no existe.</Alert>;
  }
  return (
    <FacturaFormScreen key={id} mode="editar" facturaId={id} altaRapida={FACTURA_ALTA_RAPIDA} />
  );
}
