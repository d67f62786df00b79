import { useSearchParams } from 'react-router';
import { FACTURA_ALTA_RAPIDA } from '#src/app/factura-alta-rapida.tsx';
import { FacturaFormScreen } from '#src/features/facturacion/factura-form/components/factura-form-screen.tsx';

/** `?anticipo=<UUID>&cliente=<id>`: the invoice for the full value of an advance (its step 2). */
export default function FacturacionFacturasNuevoScreen() {
  const [params] = useSearchParams();
  const uuid = params.get('anticipo') ?? '';
  const clientId = Number(params.get('cliente'));
  const anticipo =
    /^[0-9A-Fa-f-]{36}$/.test(uuid) && Number.isInteger(clientId) && clientId > 0
      ? { clientId, uuid: uuid.toUpperCase() }
      : null;
  return (
    <FacturaFormScreen
      key={anticipo?.uuid ?? 'nuevo'}
      mode="nuevo"
      facturaId={null}
      altaRapida={FACTURA_ALTA_RAPIDA}
      anticipo={anticipo}
    />
  );
}
