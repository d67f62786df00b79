import { useMemo } from 'react';
import { recibosApi } from '#src/features/facturacion/recibos/api/recibos-api.ts';
import { PortalConfig } from '#src/features/facturacion/recibos/components/portal-config.tsx';
import { RecibosLista } from '#src/features/facturacion/recibos/components/recibos-lista.tsx';
import { useSession } from '#src/shared/session/session-store.ts';

/** /facturacion/recibos — sales receipts of the point of sale and the self-invoicing portal. */
export default function RecibosScreen() {
  const { enterprise } = useSession();
  const api = useMemo(() => (enterprise ? recibosApi(enterprise.id) : null), [enterprise]);
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Recibos y autofacturación</h1>
      <p className="text-body-secondary mb-4">
        Las ventas que registra aquí, importa de una hoja de cálculo o recibe de su punto de venta,
        con el código y el QR con que su cliente las factura.
      </p>
      {api && enterprise && (
        <>
          <PortalConfig api={api} />
          <RecibosLista api={api} enterpriseId={enterprise.id} />
        </>
      )}
    </>
  );
}
