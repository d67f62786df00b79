import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ClaveDescripcionResponse,
  FormaPagoResponse,
  PaisResponse,
  RegimenFiscalResponse,
  UsoCfdiResponse,
} from '@repo/contracts/catalogos';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

export type RegimenFiscal = z.infer<typeof RegimenFiscalResponse>;
export type UsoCfdi = z.infer<typeof UsoCfdiResponse>;
export type FormaPago = z.infer<typeof FormaPagoResponse>;
export type MetodoPago = z.infer<typeof ClaveDescripcionResponse>;
export type Pais = z.infer<typeof PaisResponse>;

const catalog = <T>(path: string) => request<T>(path, { base: CATALOGOS_BASE });
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

/** GET {catalogos}/regimenes-fiscales/{x}: the regimes of the person type an RFC's length gives. */
export function useRegimenesFiscales(persona: 'fisica' | 'moral' | null) {
  return useQuery({
    queryKey: ['catalogos', 'regimenes-fiscales', persona],
    queryFn: () => catalog<RegimenFiscal[]>(`regimenes-fiscales/${persona ?? ''}`),
    enabled: persona !== null,
    ...FOREVER,
  });
}

/** GET {catalogos}/usos-cfdis/{rfc}/{regimen}: the uses a receiver of that RFC and regime may get. */
export function useUsosCfdi(rfc: string | null, regimen: string) {
  return useQuery({
    queryKey: ['catalogos', 'usos-cfdis', rfc, regimen],
    queryFn: () =>
      catalog<UsoCfdi[]>(
        `usos-cfdis/${encodeURIComponent(rfc ?? '')}/${encodeURIComponent(regimen)}`,
      ),
    enabled: rfc !== null && regimen !== '',
    ...FOREVER,
  });
}

/** GET {catalogos}/formas-pagos. */
export function useFormasPago() {
  return useQuery({
    queryKey: ['catalogos', 'formas-pagos'],
    queryFn: () => catalog<FormaPago[]>('formas-pagos'),
    ...FOREVER,
  });
}

/** GET {catalogos}/metodos-pago. */
export function useMetodosPago() {
  return useQuery({
    queryKey: ['catalogos', 'metodos-pago'],
    queryFn: () => catalog<MetodoPago[]>('metodos-pago'),
    ...FOREVER,
  });
}

/** GET {catalogos}/paises. */
export function usePaises(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogos', 'paises'],
    queryFn: () => catalog<Pais[]>('paises'),
    enabled,
    ...FOREVER,
  });
}

/** GET {catalogos}/regimenes-fiscales and /usos-cfdis: every entry, to show names in the list. */
export function useAllRegimenesFiscales() {
  return useQuery({
    queryKey: ['catalogos', 'regimenes-fiscales'],
    queryFn: () => catalog<RegimenFiscal[]>('regimenes-fiscales'),
    ...FOREVER,
  });
}

export function useAllUsosCfdi() {
  return useQuery({
    queryKey: ['catalogos', 'usos-cfdis'],
    queryFn: () => catalog<UsoCfdi[]>('usos-cfdis'),
    ...FOREVER,
  });
}
