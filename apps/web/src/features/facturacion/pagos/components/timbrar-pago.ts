import type { QueryClient } from '@tanstack/react-query';
import type {
  ComplementoPagoRequestInput,
  ComplementoPagoResponse,
} from '@repo/contracts/complementos-pago';
import type { SerieResponse } from '@repo/contracts/series';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { PENDIENTES_QUERY_KEY, registrarPago } from '../api/complementos-pago.ts';

/**
 * Stamps a payment complement (POST complemento-pago with the form's idempotency key), then brings
 * the credits, the serie's folio and every list that shows the paid invoices up to date.
 */
export async function timbrarPago(ctx: {
  queryClient: QueryClient;
  enterpriseId: number | null;
  body: ComplementoPagoRequestInput;
  facturaIds: readonly number[];
  /** The stamped payment this one substitutes (`?sustituye=`), or null. */
  sustituye: number | null;
  conClave: <T>(send: (key: string) => Promise<T>) => Promise<T>;
  aplicarCreditos: (credits: number) => void;
}): Promise<ComplementoPagoResponse> {
  const { queryClient } = ctx;
  const r = await ctx.conClave((key) =>
    registrarPago({ ...ctx.body, idempotency_key: key }, ctx.sustituye),
  );
  ctx.aplicarCreditos(r.user_total_remaining_credits);
  // Spec section 4: after a stamp the serie's folio becomes the returned folio plus one.
  queryClient.setQueryData<SerieResponse[]>(
    ['series', ctx.enterpriseId, 'recepcion-pagos'],
    (old) => old?.map((s) => (s.id === r.serie.id ? { ...s, folio: r.serie.folio } : s)),
  );
  // A substitution also cancelled the original (motivo 01): every screen showing it is stale.
  if (ctx.sustituye !== null) await queryClient.invalidateQueries();
  await queryClient.invalidateQueries({ queryKey: ['facturas'] });
  await queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
  await queryClient.invalidateQueries({ queryKey: PENDIENTES_QUERY_KEY });
  for (const id of ctx.facturaIds)
    await queryClient.invalidateQueries({ queryKey: ['complemento-pago', id] });
  notify(
    'success',
    `El complemento de pago ${r.data.comprobante.serie}-${String(r.data.comprobante.folio ?? '')} fue timbrado.`,
  );
  // A tax group the payment does not carry (its share rounds to no base): said, with the least
  // amount that would carry it; the next payment carries it.
  for (const aviso of r.avisos ?? []) notify('warning', aviso);
  return r;
}
