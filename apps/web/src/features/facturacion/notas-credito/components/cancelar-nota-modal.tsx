import { useState } from 'react';
import type { NotaCreditoItem } from '@repo/contracts/notas-credito';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { MOTIVO_REQUIRED_MESSAGE } from '#src/shared/comprobantes/motivos-cancelacion.ts';
import { CancelacionModal } from '#src/shared/comprobantes/cancelacion-modal.tsx';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { useCancelarNota } from '../api/notas-credito.ts';

/** Cancels a stamped credit note with the shared reasons (02 or 03, spec section 5). */
export function CancelarNotaModal(props: {
  nota: NotaCreditoItem;
  show: boolean;
  onHide: () => void;
}) {
  const cancelar = useCancelarNota(props.nota.id);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nombre = serieFolio(props.nota.serie, props.nota.folio);
  const enviar = async () => {
    if (motivo !== '02' && motivo !== '03') {
      setError(MOTIVO_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    try {
      const r = await cancelar.mutateAsync({ motivo, folio_sustitucion: null });
      notify(
        r.data.status === 'cancelada' ? 'success' : 'info',
        r.data.status === 'cancelada'
          ? `La nota de crédito ${nombre} fue cancelada.`
          : `La solicitud de cancelación fue enviada. Estatus: ${r.estado}.`,
      );
      props.onHide();
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <CancelacionModal
      titulo="Cancelar nota de crédito"
      controlId="nota-motivo-cancelacion"
      comprobanteId={props.nota.id}
      show={props.show}
      onHide={props.onHide}
      motivo={motivo}
      onMotivo={setMotivo}
      error={error}
      pending={cancelar.isPending}
      onEnviar={() => void enviar()}
    >
      <p>
        Se pedirá al SAT cancelar la nota de crédito {nombre} (folio fiscal {props.nota.uuid}). Lo
        que acreditó vuelve a quedar a cargo de las facturas relacionadas.
      </p>
    </CancelacionModal>
  );
}
