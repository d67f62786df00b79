import type { z } from 'zod';
import type { LocalTaxResponse, TaxCreateRequest, TaxResponse } from '@repo/contracts/impuestos';
import type {
  ImpuestosParaRubroResponse,
  RubroImpuestoRequest,
  RubroImpuestoResponse,
} from '@repo/contracts/rubros-impuestos';
import { request } from '#src/shared/http/api-client.ts';

export type ImpuestosParaRubro = z.infer<typeof ImpuestosParaRubroResponse>;
export type LocalTaxKind = 'trasladados' | 'retenidos';

/** The tax group calls: rubros-impuestos…, or the wizard's new-client/rubros-impuesto/{token}…. */
export interface RubrosImpuestosApi {
  scope: string;
  enterpriseId: number;
  list(): Promise<RubroImpuestoResponse[]>;
  get(id: number): Promise<RubroImpuestoResponse>;
  /** The enterprise's active taxes grouped as IEPS tasa, IEPS cuota, IVA, ISR. */
  impuestosParaRubro(): Promise<ImpuestosParaRubro>;
  localTaxes(kind: LocalTaxKind, estado: string): Promise<LocalTaxResponse[]>;
  isNameUnique(name: string, rubroId: number | null): Promise<boolean>;
  create(body: RubroImpuestoRequest): Promise<RubroImpuestoResponse>;
  update(id: number, body: RubroImpuestoRequest): Promise<RubroImpuestoResponse>;
  remove(id: number): Promise<null>;
}

function rubrosApi(
  scope: string,
  enterpriseId: number,
  base: string,
  localBase: (kind: LocalTaxKind, estado: string) => string,
): RubrosImpuestosApi {
  return {
    scope,
    enterpriseId,
    list: () => request(base),
    get: (id) => request(`${base}/${id}`),
    impuestosParaRubro: () => request(`${base}/get-impuestos-trasladados`),
    localTaxes: async (kind, estado) =>
      (await request<{ data: LocalTaxResponse[] }>(localBase(kind, estado))).data,
    isNameUnique: async (name, rubroId) =>
      (
        await request<{ is_unique: boolean }>(`${base}/validate-unique-name`, {
          method: 'POST',
          body: { name, enterprise_id: enterpriseId, rubro_impuesto_id: rubroId },
        })
      ).is_unique,
    create: (body) => request(base, { method: 'POST', body }),
    update: (id, body) => request(`${base}/${id}`, { method: 'PUT', body }),
    remove: (id) => request(`${base}/${id}`, { method: 'DELETE' }),
  };
}

export const enterpriseRubrosApi = (enterpriseId: number) =>
  rubrosApi(
    `enterprise-${enterpriseId}`,
    enterpriseId,
    'rubros-impuestos',
    (kind, estado) => `impuestos-locales-${kind}/estado/${estado}`,
  );

export function newClientRubrosApi(newClientToken: string, enterpriseId: number) {
  const token = encodeURIComponent(newClientToken);
  return rubrosApi(
    `new-client-${newClientToken}`,
    enterpriseId,
    `new-client/rubros-impuesto/${token}`,
    (kind, estado) => `new-client/impuestos-locales-${kind}/${token}/estado/${estado}`,
  );
}

/** The enterprise's federal taxes and their status (Configuraciones only). */
export function getImpuestos(kind: 'trasladados' | 'retenidos'): Promise<TaxResponse[]> {
  return request(`impuestos-${kind}`);
}

export function toggleImpuestoStatus(
  kind: 'trasladados' | 'retenidos',
  id: number,
): Promise<TaxResponse> {
  return request(`impuestos-${kind}/toggle-status/${id}`);
}

/** Adds a rate to the enterprise's list (c_TasaOCuota checks on the API). */
export function createImpuesto(
  kind: 'trasladados' | 'retenidos',
  body: TaxCreateRequest,
): Promise<TaxResponse> {
  return request(`impuestos-${kind}`, { method: 'POST', body });
}
