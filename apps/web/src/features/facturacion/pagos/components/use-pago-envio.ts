import { ahoraDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComplementoPagoResponse, PagoItem } from '@repo/contracts/complementos-pago';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import { sellosPermitenTimbrar, useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { timbrarPago } from './timbrar-pago.ts';
import type { FacturaAPagar } from './factura-a-pagar.ts';
import { type PagoFormValues, toPagoRequest } from '../model/pago-form-values.ts';
import { validarPago } from '../model/validar-pago.ts';

function formPathOf(key: string): string | null {
  if (key === 'payment_amount') return 'monto';
  if (key === 'payment_date') return 'fecha';
  if (key === 'factura_id' || key === 'documentos') return '_';
  return key;
}

/**
 * Sending the payment: `enviar` validates and asks for confirmation, `timbrar` stamps through the
 * shared lifecycle (useEmision), the API's field errors landing on the form's fields.
 */
export function usePagoEnvio(props: {
  facturas: readonly FacturaAPagar[];
  moneda: string;
  sellos: SellosFiscalesResponse | null;
  zona: string | null;
  hoy: string;
  values: PagoFormValues;
  sustituye?: PagoItem | null | undefined;
  setErrores: (update: (e: Record<string, string>) => Record<string, string>) => void;
  onStamped: (r: ComplementoPagoResponse) => void;
}) {
  const queryClient = useQueryClient();
  const { enterprise } = useSession();
  const [confirmar, setConfirmar] = useState(false);
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf,
    setFieldError: (path, message) => props.setErrores((e) => ({ ...e, [path]: message })),
    avisoCampos: 'Revise los datos marcados del pago.',
  });
  const principal = props.facturas[0];

  const enviar = () => {
    setFailure(null);
    const ctx = {
      saldos: props.facturas.map((f) => ({
        factura_id: f.factura_id,
        saldo: f.saldo,
        fecha: f.fecha,
        serieFolio: f.serieFolio,
        moneda: f.moneda,
      })),
      monedaFactura: props.moneda,
      hoy: props.hoy,
    };
    const found = validarPago(props.values, ctx);
    props.setErrores(() => found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Revise los datos marcados del pago.');
      return;
    }
    if (!principal || !sellosPermitenTimbrar(props.sellos, setFailure)) return;
    setConfirmar(true);
  };
  const timbrar = () => {
    setConfirmar(false);
    if (!principal) return;
    void run(async () => {
      const body = toPagoRequest(props.values, {
        facturaId: principal.factura_id,
        enterpriseId: enterprise?.id ?? null,
        clientId: principal.client_id,
        ahora: ahoraDelEmisor(props.zona),
      });
      const r = await timbrarPago({
        queryClient,
        enterpriseId: enterprise?.id ?? null,
        body,
        facturaIds: props.facturas.map((f) => f.factura_id),
        sustituye: props.sustituye?.id ?? null,
        conClave,
        aplicarCreditos,
      });
      props.onStamped(r);
    });
  };
  return { busy, failure, setFailure, confirmar, setConfirmar, enviar, timbrar };
}
