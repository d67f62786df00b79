import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FacturaGlobalResponse,
  PartidaGlobal,
  VentaNominativaResponse,
} from '@repo/contracts/facturas-globales';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { request } from '#src/shared/http/api-client.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { GLOBALES_QUERY_KEY } from '../api/facturas-globales.ts';

/**
 * "Facturar esta venta a un cliente": the SAT's procedure for a sale already in a stamped global
 * (cancellation motive 04, SAT cancellation scenario 4): the global is cancelled with motive 04 and
 * stamped again without the sale; then the user issues the customer's invoice.
 */
export function VentaNominativaModal(props: {
  g: FacturaGlobalResponse;
  venta: PartidaGlobal | null;
  onHide: () => void;
}) {
  const { g, venta } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const enviar = useMutation({
    mutationFn: (folioVenta: string) =>
      request<VentaNominativaResponse>(
        `facturacion/V40/facturas-globales/${g.id}/venta-nominativa`,
        {
          method: 'POST',
          body: { folioVenta },
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: GLOBALES_QUERY_KEY }),
  });
  if (!venta) return null;
  const confirmar = async () => {
    setError(null);
    try {
      const r = await enviar.mutateAsync(venta.folioVenta);
      const nueva = r.reexpedida
        ? ` y timbrada de nuevo sin ella (${r.reexpedida.serie.serie}-${r.reexpedida.serie.folio ?? ''})`
        : '';
      notify(
        'success',
        `La factura global fue cancelada con el motivo 04${nueva}. Ahora emita la factura de la venta ${venta.folioVenta} (${formatCurrency(venta.totalVenta)}) a su cliente.`,
      );
      props.onHide();
      void navigate('/facturacion/facturas/nuevo');
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <Modal show onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title className="h5">Facturar esta venta a un cliente</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          La venta <strong>{venta.folioVenta}</strong> ({formatCurrency(venta.totalVenta)}) ya está
          en la factura global de {g.periodo}. Como lo indica el SAT para este caso:
        </p>
        <ol className="mb-3">
          <li>
            se cancela esta factura global con el motivo 04 (operación nominativa relacionada en una
            factura global);
          </li>
          <li>se timbra de nuevo, para el mismo periodo, sin esta venta (usa 1 crédito);</li>
          <li>después usted emite la factura de la venta a su cliente.</li>
        </ol>
        {error && (
          <Alert variant="danger" className="mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onHide} disabled={enviar.isPending}>
          Volver
        </Button>
        <Button variant="danger" onClick={() => void confirmar()} disabled={enviar.isPending}>
          {enviar.isPending && <Spinner size="sm" className="me-2" />}
          Cancelar y timbrar sin la venta
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
