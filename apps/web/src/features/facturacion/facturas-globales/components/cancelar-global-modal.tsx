import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CancelacionGlobalResponse,
  FacturaGlobalResponse,
} from '@repo/contracts/facturas-globales';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { request } from '#src/shared/http/api-client.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { CancelacionModal } from '#src/shared/comprobantes/cancelacion-modal.tsx';
import { GLOBALES_QUERY_KEY } from '../api/facturas-globales.ts';

/** Cancel a stamped global: motivo 02 or 03 (spec section 5), then the PAC's answer. */
export function CancelarGlobalModal(props: {
  g: FacturaGlobalResponse;
  show: boolean;
  onHide: () => void;
}) {
  const client = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (m: string) =>
      request<CancelacionGlobalResponse>(
        `facturacion/V40/facturas-globales/${props.g.id}/cancelar`,
        { method: 'POST', body: { motivo: m } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: GLOBALES_QUERY_KEY }),
  });
  const enviar = async () => {
    if (!motivo) {
      setError('Seleccione el motivo de cancelación');
      return;
    }
    try {
      const r = await cancel.mutateAsync(motivo);
      notify(
        'success',
        r.status === 'cancelled'
          ? 'La factura global fue cancelada. Ya puede emitir otra para el periodo.'
          : `Solicitud de cancelación enviada: ${r.estatus_cancelacion || r.view_status}.`,
      );
      props.onHide();
    } catch (e) {
      setError(inlineErrorOf(e));
    }
  };
  return (
    <CancelacionModal
      titulo="Cancelar factura global"
      controlId="motivo-cancelacion-global"
      comprobanteId={props.g.id}
      show={props.show}
      onHide={props.onHide}
      motivo={motivo}
      onMotivo={setMotivo}
      error={error}
      pending={cancel.isPending}
      onEnviar={() => void enviar()}
    >
      <p>
        Se pedirá al SAT cancelar la factura global de {props.g.periodo} (folio fiscal{' '}
        {props.g.uuid}). Después podrá emitir otra para el mismo periodo.
      </p>
    </CancelacionModal>
  );
}
