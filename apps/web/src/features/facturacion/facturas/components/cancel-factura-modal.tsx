import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { CancelacionResponse, FacturaDetail } from '@repo/contracts/facturas';
import { useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useCancelarFactura } from '../api/cancelar-factura.ts';
import {
  MOTIVO_REQUIRED_MESSAGE,
  motivosCancelacionOf,
} from '#src/shared/comprobantes/motivos-cancelacion.ts';
import { formatImporteXml, serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { AvisoCancelacion } from '#src/shared/comprobantes/aviso-cancelacion.tsx';
import { facturaPaths } from '../factura-paths.ts';

/**
 * Cancel a stamped invoice: the motivo (spec section 5: the catalog without 01 and 04), a
 * confirmation, then the PAC's answer with the SAT's cancellation status.
 */
export function CancelFacturaModal(props: {
  factura: FacturaDetail;
  show: boolean;
  onHide: () => void;
  onCancelled: (result: CancelacionResponse) => void;
}) {
  const { factura } = props;
  const catalogo = useCatalogo('motivos-cancelacion');
  const motivos = motivosCancelacionOf(catalogo.data ?? []);
  const [motivo, setMotivo] = useState('');
  const [step, setStep] = useState<'motivo' | 'confirmar'>('motivo');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelarFactura();
  const label = serieFolio(factura.serie, factura.folio);
  const chosen = motivos.find((m) => m.clave === motivo);

  const close = () => {
    setStep('motivo');
    setMotivo('');
    setError(null);
    props.onHide();
  };

  const confirm = async () => {
    if (!chosen) return;
    setError(null);
    try {
      const result = await cancel.mutateAsync({
        factura_id: factura.id,
        motivo: chosen.clave,
        folio_sustitucion: null,
      });
      props.onCancelled(result);
      close();
    } catch (failure) {
      setError(inlineErrorOf(failure));
    }
  };

  return (
    <Modal show={props.show} onHide={close} centered>
      <Modal.Header closeButton>
        <Modal.Title>Cancelar factura {label}</Modal.Title>
      </Modal.Header>
      {step === 'motivo' ? (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) {
              setError(MOTIVO_REQUIRED_MESSAGE);
              return;
            }
            setError(null);
            setStep('confirmar');
          }}
        >
          <Modal.Body>
            {props.show && (
              <AvisoCancelacion comprobanteId={factura.id} rutaDePagos={facturaPaths.detalle} />
            )}
            <Form.Group controlId="motivo-cancelacion">
              <Form.Label className="fw-semibold">Motivo de cancelación</Form.Label>
              <Form.Select
                value={motivo}
                isInvalid={!!error && !chosen}
                onChange={(e) => setMotivo(e.target.value)}
                disabled={catalogo.isPending}
              >
                <option value="">Seleccione el motivo</option>
                {motivos.map((m) => (
                  <option key={m.clave} value={m.clave}>
                    {m.clave} - {m.descripcion}
                  </option>
                ))}
              </Form.Select>
              {error && !chosen ? (
                <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
              ) : (
                <Form.Text muted>
                  La solicitud se envía al SAT a través del PAC. Si el receptor debe aceptarla, la
                  factura seguirá vigente hasta que la acepte.
                </Form.Text>
              )}
            </Form.Group>
            {catalogo.isError && (
              <Alert variant="warning" className="mt-3 mb-0">
                No fue posible cargar los motivos de cancelación.
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              Regresar
            </Button>
            <Button type="submit" variant="danger">
              Continuar
            </Button>
          </Modal.Footer>
        </Form>
      ) : (
        <>
          <Modal.Body>
            <p>
              ¿Confirma que desea cancelar la factura <strong>{label}</strong> de{' '}
              <strong>{factura.client_name}</strong> por{' '}
              <strong>{formatImporteXml(factura.total)}</strong>?
            </p>
            <p className="mb-0">
              Motivo: {chosen?.clave} - {chosen?.descripcion}. Esta acción no se puede deshacer.
            </p>
            {error && (
              <Alert variant="danger" className="mt-3 mb-0">
                {error}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setStep('motivo')}>
              Regresar
            </Button>
            <Button variant="danger" disabled={cancel.isPending} onClick={() => void confirm()}>
              {cancel.isPending && <Spinner size="sm" className="me-2" />}
              Sí, cancelar factura
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
