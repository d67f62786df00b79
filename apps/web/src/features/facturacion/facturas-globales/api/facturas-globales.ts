import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FacturaGlobalRequestInput,
  FacturaGlobalResponse,
  FacturaGlobalYear,
  ImportacionGlobal,
  RecibosDelPeriodoResponse,
} from '@repo/contracts/facturas-globales';
import { request } from '#src/shared/http/api-client.ts';
import { downloadFile } from '#src/shared/ui/list/download-file.ts';
import { useSeriesDe } from '#src/shared/comprobantes/api/datos-maestros.ts';

/** The global-invoice calls of spec section 7 "Global invoices" and its series. */

const BASE = 'facturacion/V40/facturas-globales';

export const GLOBALES_QUERY_KEY = ['facturas-globales'] as const;
export const globalQueryKey = (id: number) => [...GLOBALES_QUERY_KEY, 'detail', id] as const;

/** GET .../facturas-globales/get-years-for-facturas-globales: the years the list offers. */
export function useGlobalYears() {
  return useQuery({
    queryKey: [...GLOBALES_QUERY_KEY, 'years'],
    queryFn: ({ signal }) =>
      request<number[]>(`${BASE}/get-years-for-facturas-globales`, { signal }),
  });
}

/** POST .../facturas-globales/search with the year: its twelve months. */
export function useGlobalYear(year: number) {
  return useQuery({
    queryKey: [...GLOBALES_QUERY_KEY, 'year', year],
    queryFn: ({ signal }) =>
      request<FacturaGlobalYear>(`${BASE}/search`, { body: { year }, signal }),
  });
}

/** GET .../facturas-globales/{id}. */
export function useFacturaGlobal(id: number | null) {
  return useQuery({
    queryKey: globalQueryKey(id ?? 0),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    retry: false,
    queryFn: ({ signal }) => request<FacturaGlobalResponse>(`${BASE}/${String(id)}`, { signal }),
  });
}

/** GET /series/{enterpriseId}/facturas-globales: the series of its registered kind. */
export function useSeriesGlobales(enterpriseId: number | null) {
  return useSeriesDe('facturas-globales', enterpriseId);
}

/**
 * POST .../facturas-globales/save (status saved) or POST .../facturas-globales (stamp); with
 * `sustituye`, as the substitute of that stamped global (`?sustituye=`: relation 04, then the
 * original cancelled with motivo 01 and the new folio fiscal).
 */
export function useGuardarGlobal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      body: FacturaGlobalRequestInput;
      timbrar: boolean;
      sustituye?: number | null;
    }) => {
      const query = input.timbrar && input.sustituye ? `?sustituye=${String(input.sustituye)}` : '';
      return request<FacturaGlobalResponse>(input.timbrar ? `${BASE}${query}` : `${BASE}/save`, {
        method: 'POST',
        body: input.body,
      });
    },
    onSuccess: (data) => {
      client.setQueryData(globalQueryKey(data.id), data);
      void client.invalidateQueries({ queryKey: GLOBALES_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['series'] });
    },
  });
}

/** POST .../facturas-globales/import: the sales of an xlsx/CSV file, or of pasted text, with a report per row. */
export function importarVentas(input: { file: File } | { texto: string }) {
  if ('file' in input) {
    const form = new FormData();
    form.append('file', input.file);
    return request<ImportacionGlobal>(`${BASE}/import`, { method: 'POST', body: form });
  }
  return request<ImportacionGlobal>(`${BASE}/import`, {
    method: 'POST',
    body: { texto: input.texto },
  });
}

/** GET .../facturas-globales/import/download-template: the xlsx template with the tax groups. */
export function downloadPlantillaVentas() {
  return downloadFile(`${BASE}/import/download-template`, 'plantilla-ventas-factura-global.xlsx');
}

/** GET .../facturas-globales/recibos-del-periodo: the period's open sales receipts as sales (issue 28). */
export function recibosDelPeriodo(q: {
  periodicidad: string;
  year: number;
  month: number;
  dia: string | null;
}) {
  const params = new URLSearchParams({
    periodicidad: q.periodicidad,
    year: String(q.year),
    month: String(q.month),
    ...(q.dia ? { dia: q.dia } : {}),
  });
  return request<RecibosDelPeriodoResponse>(`${BASE}/recibos-del-periodo?${params}`);
}
