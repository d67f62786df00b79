import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { PagoItem, SaldoFactura } from '@repo/contracts/complementos-pago';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { cancelarPago } from '../api/complementos-pago.ts';

/** Cancelling a payment complement (motivo 02 or 03; 01 only through "Sustituir"). */
export function CancelarPagoModal(props: {
  pago: PagoItem | null;
  onHide: () => void;
  onCancelled: (pago: PagoItem, saldo: SaldoFactura) => void;
}) {
  const [motivo, setMotivo] = useState<'02' | '03'>('02');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pago = props.pago;
  const cancelar = async () => {
    if (!pago) return;
    setBusy(true);
    setError(null);
    try {
      const r = await cancelarPago(pago.id, motivo);
      props.onCancelled(r.data, r.saldo);
    } catch (failure) {
      setError(inlineErrorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={pago !== null} onHide={props.onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Cancelar complemento de pago
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        <p>
          Se cancelará ante el SAT el complemento {pago?.comprobante.serie}-
          {pago?.comprobante.folio} por {formatCurrency(pago?.monto)}. El importe vuelve al saldo de
          la factura.
        </p>
        <Form.Label htmlFor="pago-motivo" className="fw-semibold">
          Motivo de cancelación
        </Form.Label>
        <Form.Select
          id="pago-motivo"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value as '02' | '03')}
        >
          <option value="02">02 - Comprobante emitido con errores sin relación</option>
          <option value="03">03 - No se llevó a cabo la operación</option>
        </Form.Select>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onHide} disabled={busy}>
          Volver
        </Button>
        <Button variant="danger" onClick={() => void cancelar()} disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" />}
          Cancelar complemento
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
