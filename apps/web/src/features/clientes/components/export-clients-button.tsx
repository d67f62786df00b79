import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { exportClients } from '../api/export-clients.ts';

/** Downloads every client as Clientes.xlsx. */
export function ExportClientsButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline-secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        exportClients()
          .catch(() => undefined) // The download already showed the failure.
          .finally(() => setBusy(false));
      }}
    >
      {busy && <Spinner size="sm" className="me-2" />}
      Exportar
    </Button>
  );
}
