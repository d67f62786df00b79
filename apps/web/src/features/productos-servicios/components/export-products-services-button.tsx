import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { exportProductsServices } from '../api/export-products-services.ts';

/** Downloads every product and service as Productos y Servicios.xlsx. */
export function ExportProductsServicesButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline-secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        exportProductsServices()
          .catch(() => undefined) // The download already showed the failure.
          .finally(() => setBusy(false));
      }}
    >
      {busy && <Spinner size="sm" className="me-2" />}
      Exportar
    </Button>
  );
}
