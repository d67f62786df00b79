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

export type TaxKind = 'trasladados' | 'retenidos';

/** The enterprise's federal rates: impuestos-…, or the wizard's new-client/impuestos-…/{token}. */
export interface ImpuestosApi {
  scope: string;
  list(kind: TaxKind): Promise<TaxResponse[]>;
  /** Turns a rate on or off for new groups: Configuraciones only, null in the wizard. */
  toggle: ((kind: TaxKind, id: number) => Promise<TaxResponse>) | null;
  /** Adds, edits or deletes a rate (c_TasaOCuota checks and the in-use 409 on the API). */
  create(kind: TaxKind, body: TaxCreateRequest): Promise<TaxResponse>;
  update(kind: TaxKind, id: number, body: TaxCreateRequest): Promise<TaxResponse>;
  remove(kind: TaxKind, id: number): Promise<null>;
}

function impuestosApi(scope: string, base: (kind: TaxKind) => string, toggle: boolean) {
  const api: ImpuestosApi = {
    scope,
    list: (kind) => request(base(kind)),
    toggle: toggle ? (kind, id) => request(`${base(kind)}/toggle-status/${id}`) : null,
    create: (kind, body) => request(base(kind), { method: 'POST', body }),
    update: (kind, id, body) => request(`${base(kind)}/${id}`, { method: 'PUT', body }),
    remove: (kind, id) => request(`${base(kind)}/${id}`, { method: 'DELETE' }),
  };
  return api;
}

export const ENTERPRISE_IMPUESTOS_API = impuestosApi(
  'enterprise',
  (kind) => `impuestos-${kind}`,
  true,
);

export function newClientImpuestosApi(newClientToken: string): ImpuestosApi {
  const token = encodeURIComponent(newClientToken);
  return impuestosApi(
    `new-client-${newClientToken}`,
    (kind) => `new-client/impuestos-${kind}/${token}`,
    false,
  );
}
