import { useQuery } from '@tanstack/react-query';
import type {
  FacturaDetail,
  FacturaDraftRequestInput,
  TimbrarFacturaResponse,
} from '@repo/contracts/facturas';
import { request } from '#src/shared/http/api-client.ts';

/** The income-invoice calls of spec section 7 "Invoices" that the form makes. */

const BASE = 'facturacion/V40';

export const facturaQueryKey = (id: number) => ['facturas-ingreso', id] as const;

/** GET /facturacion/V40/facturas-ingreso/{id}. */
export function useFactura(id: number | null) {
  return useQuery({
    queryKey: facturaQueryKey(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      request<FacturaDetail>(`${BASE}/facturas-ingreso/${String(id)}`, { signal }),
  });
}

/**
 * POST /facturacion/V40/facturas-ingreso: create and stamp; with `sustituye`, as the substitute of
 * that stamped invoice (`?sustituye=`: relation 04, then the original cancelled with motivo 01).
 */
export function createAndTimbrarFactura(
  body: FacturaDraftRequestInput,
  sustituye: number | null = null,
) {
  const query = sustituye === null ? '' : `?sustituye=${String(sustituye)}`;
  return request<TimbrarFacturaResponse>(`${BASE}/facturas-ingreso${query}`, {
    method: 'POST',
    body,
  });
}

/** POST /facturacion/V40/pre-facturas-ingreso: save a pre-invoice. */
export function createPreFactura(body: FacturaDraftRequestInput) {
  return request<FacturaDetail>(`${BASE}/pre-facturas-ingreso`, { method: 'POST', body });
}

/** PUT /facturacion/V40/pre-facturas-ingreso/{id}: update a pre-invoice. */
export function updatePreFactura(id: number, body: FacturaDraftRequestInput) {
  return request<FacturaDetail>(`${BASE}/pre-facturas-ingreso/${String(id)}`, {
    method: 'PUT',
    body,
  });
}

/** POST /facturacion/V40/pre-facturas-ingreso/{id}/timbrar: stamp with the edited data. */
export function timbrarPreFactura(id: number, body: FacturaDraftRequestInput) {
  return request<TimbrarFacturaResponse>(`${BASE}/pre-facturas-ingreso/${String(id)}/timbrar`, {
    method: 'POST',
    body,
  });
}

/** POST .../pre-facturas-ingreso/{id}/timbrar-with-pre-factura-original-data: stamp as saved. */
export function timbrarPreFacturaOriginal(id: number) {
  return request<TimbrarFacturaResponse>(
    `${BASE}/pre-facturas-ingreso/${String(id)}/timbrar-with-pre-factura-original-data`,
    { method: 'POST', body: {} },
  );
}

/** DELETE /facturacion/V40/pre-facturas-ingreso/{id}. */
export function deletePreFactura(id: number) {
  return request<unknown>(`${BASE}/pre-facturas-ingreso/${String(id)}`, { method: 'DELETE' });
}
