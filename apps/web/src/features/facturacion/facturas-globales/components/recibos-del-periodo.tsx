import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { RecibosDelPeriodoResponse } from '@repo/contracts/facturas-globales';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { recibosDelPeriodo } from '../api/facturas-globales.ts';

const NO_SE_PUDO = 'No se pudieron consultar los recibos del periodo. Inténtelo de nuevo.';

/**
 * Issue 28: the sales receipts still open in the chosen period (not invoiced by their customers on
 * the portal, not cancelled, in no other global) become the global's sales, one per receipt.
 */
export function RecibosDelPeriodo(props: {
  disabled: boolean;
  periodo: { periodicidad: string; year: number; month: number; dia: string | null } | null;
  onRecibos: (r: RecibosDelPeriodoResponse) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [r, setR] = useState<RecibosDelPeriodoResponse | null>(null);

  const agregar = async () => {
    if (!props.periodo) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await recibosDelPeriodo(props.periodo);
      setR(res);
      props.onRecibos(res);
    } catch (error) {
      setFailure(errorMessageOf(error, NO_SE_PUDO));
    } finally {
      setBusy(false);
    }
  };

  const n = r?.partidas.length ?? 0;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <div>
            <h2 className="h6 fw-bold mb-1">Recibos de venta del periodo</h2>
            <p className="small text-body-secondary mb-0">
              Los recibos abiertos del periodo (no facturados por sus clientes ni cancelados) se
              agregan como ventas, una por recibo, con el folio del recibo.
            </p>
          </div>
          <Button
            variant="outline-primary"
            disabled={props.disabled || busy || !props.periodo}
            onClick={() => void agregar()}
            data-testid="agregar-recibos"
          >
            {busy && <Spinner size="sm" className="me-2" />}
            Agregar recibos abiertos del periodo
          </Button>
        </div>
        {failure && (
          <Alert variant="danger" className="mt-3 mb-0">
            {failure}
          </Alert>
        )}
        {r && (
          <div className="mt-3" data-testid="recibos-report">
            <Alert variant={n > 0 ? 'success' : 'info'} className="mb-2">
              {n === 0
                ? 'No hay recibos abiertos en este periodo.'
                : n === 1
                  ? 'Se agregó 1 recibo abierto del periodo.'
                  : `Se agregaron ${n.toLocaleString('en-US')} recibos abiertos del periodo.`}
            </Alert>
            {r.omitidos.length > 0 && (
              <ul className="small mb-0">
                {r.omitidos.map((o) => (
                  <li key={o.folio}>
                    Recibo {o.folio} no agregado: {o.motivo}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
