import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ClientResponse } from '@repo/contracts/clients';
import {
  SELLOS_EXPIRADOS_MESSAGE,
  type FacturaDetail,
  type TimbrarFacturaResponse,
} from '@repo/contracts/facturas';
import { sellosPermitenTimbrar, type useEmision } from '#src/shared/comprobantes/use-emision.ts';
import {
  confirmDelete,
  notify,
  showPersistentError,
  showSuccessDialog,
} from '#src/shared/feedback/feedback-store.ts';
import {
  createAndTimbrarFactura,
  createPreFactura,
  deletePreFactura,
  timbrarPreFactura,
  timbrarPreFacturaOriginal,
  updatePreFactura,
} from '../api/facturas-ingreso.ts';
import type { ErrorPartida, calcularFactura } from '../model/calcular-factura.ts';
import {
  type FacturaFormValues,
  toFacturaRequest,
  validateFactura,
} from '../model/factura-form-values.ts';
import { impuestosDePartida } from '../model/impuestos-de-partida.ts';
import { checkRegimen626 } from '../model/regimen-626.ts';
import type { FacturaFormProps } from './factura-form.tsx';

const CAMPO_PARTIDA: Record<ErrorPartida['campo'], string> = {
  cantidad: 'cantidad',
  precioUnitario: 'precio_unitario',
  descuento: 'descuento',
  impuestos: 'rubro_id',
};

/** What the form's buttons do: local checks, save, stamp (asked first), stamp as saved, delete. */
export function useAccionesFactura(ctx: {
  props: FacturaFormProps;
  form: UseFormReturn<FacturaFormValues>;
  cliente: ClientResponse | null;
  calculo: ReturnType<typeof calcularFactura>;
  setSubmitted: (v: boolean) => void;
  setConfirmar: (v: 'formulario' | 'originales' | null) => void;
  emision: ReturnType<typeof useEmision>;
}) {
  const { props, form, cliente, calculo, setSubmitted, setConfirmar } = ctx;
  const { setFailure, run, conClave, aplicarCreditos } = ctx.emision;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** Local checks; true when the values may be sent. */
  const check = (values: FacturaFormValues): boolean => {
    form.clearErrors();
    setFailure(null);
    setSubmitted(true);
    const found = validateFactura(values);
    calculo.partidas.forEach((p, i) => {
      if (!p.ok)
        for (const e of p.errores)
          found[`partidas.${String(i)}.${CAMPO_PARTIDA[e.campo]}`] ??= e.message;
    });
    for (const [path, message] of Object.entries(found)) {
      form.setError(path as 'client_id', { type: 'local', message });
    }
    if (calculo.errores.length > 0) setFailure(calculo.errores.join(' '));
    const ok = Object.keys(found).length === 0 && calculo.errores.length === 0;
    if (!ok) notify('error', 'Revise los datos marcados de la factura.');
    return ok;
  };

  /** Spec section 5: checks made before any stamping call, shown as persistent banners. */
  const checkTimbrado = (values: FacturaFormValues): boolean => {
    if (!sellosPermitenTimbrar(props.sellos, setFailure)) return false;
    if (props.emisor && cliente) {
      const regla = checkRegimen626({
        emisor: { rfc: props.emisor.rfc, regimenFiscal: props.emisor.regimen_fiscal },
        receptorRfc: cliente.rfc,
        partidas: values.partidas.map((p) => impuestosDePartida(p, props.catalogo)),
      });
      if (regla) {
        showPersistentError(regla.hint ? `${regla.message} ${regla.hint}` : regla.message, null);
        return false;
      }
    }
    return true;
  };

  const timbrada = async (r: TimbrarFacturaResponse) => {
    aplicarCreditos(r.user_total_remaining_credits);
    await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
    // A substitute cancels its original: every invoice and cancellation notice is read again.
    if (props.sustituye) await queryClient.invalidateQueries();
    const f = r.factura;
    showSuccessDialog(
      `La factura ${f.serie}-${String(f.folio ?? '')} fue timbrada con el folio fiscal (UUID) ${f.uuid ?? ''}.`,
      'Factura timbrada',
    );
    void navigate(`/facturacion/facturas/detalle/${String(f.id)}`);
  };

  const guardar = () => {
    const values = form.getValues();
    if (!check(values)) return;
    void run(async () => {
      const body = toFacturaRequest(values);
      let saved: FacturaDetail;
      if (props.mode === 'editar' && props.facturaId !== null) {
        saved = await updatePreFactura(props.facturaId, body);
        form.reset(values);
      } else {
        saved = await createPreFactura(body);
      }
      await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
      notify('success', 'La pre factura fue guardada.');
      if (props.mode !== 'editar')
        void navigate(`/facturacion/facturas/editar/${String(saved.id)}`, { replace: true });
    });
  };

  const timbrar = () => {
    const values = form.getValues();
    if (!check(values) || !checkTimbrado(values)) return;
    setConfirmar('formulario');
  };

  const timbrarFormulario = () => {
    const values = form.getValues();
    void run(async () => {
      const body = toFacturaRequest(values);
      const facturaId = props.facturaId;
      const r =
        props.mode === 'editar' && facturaId !== null
          ? await timbrarPreFactura(facturaId, body)
          : await conClave((key) =>
              createAndTimbrarFactura({ ...body, idempotency_key: key }, props.sustituye ?? null),
            );
      await timbrada(r);
    });
  };

  const timbrarOriginal = () => {
    setFailure(null);
    if (props.sellos?.is_expired) {
      showPersistentError(SELLOS_EXPIRADOS_MESSAGE, null);
      return;
    }
    setConfirmar('originales');
  };

  const timbrarDatosOriginales = () => {
    const id = props.facturaId;
    if (id === null) return;
    void run(async () => {
      await timbrada(await timbrarPreFacturaOriginal(id));
    });
  };

  const eliminar = () => {
    const id = props.facturaId;
    if (id === null) return;
    confirmDelete({
      title: 'Eliminar pre factura',
      message: '¿Desea eliminar esta pre factura? Esta acción no se puede deshacer.',
      onAccept: async () => {
        await deletePreFactura(id);
        await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
        notify('success', 'La pre factura fue eliminada.');
      },
      redirectTo: '/facturacion/facturas',
    });
  };

  return { guardar, timbrar, timbrarFormulario, timbrarOriginal, timbrarDatosOriginales, eliminar };
}
