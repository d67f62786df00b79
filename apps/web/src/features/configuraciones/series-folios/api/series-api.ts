import type {
  SerieCreateRequest,
  SerieKind,
  SerieResponse,
  SerieUpdateRequest,
} from '@repo/contracts/series';
import { request } from '#src/shared/http/api-client.ts';

/** The series calls: series/{enterpriseId}… and series/{id}, or the wizard's new-client/series/{token}…. */
export interface SeriesApi {
  scope: string;
  list(kind: SerieKind): Promise<SerieResponse[]>;
  create(body: SerieCreateRequest): Promise<SerieResponse>;
  update(id: number, body: SerieUpdateRequest): Promise<SerieResponse>;
  remove(id: number): Promise<null>;
}

export function enterpriseSeriesApi(enterpriseId: number): SeriesApi {
  return {
    scope: `enterprise-${enterpriseId}`,
    list: (kind) => request(`series/${enterpriseId}/${kind}`),
    create: (body) => request(`series/${enterpriseId}`, { method: 'POST', body }),
    update: (id, body) => request(`series/${id}`, { method: 'PUT', body }),
    remove: (id) => request(`series/${id}`, { method: 'DELETE' }),
  };
}

export function newClientSeriesApi(newClientToken: string): SeriesApi {
  const base = `new-client/series/${encodeURIComponent(newClientToken)}`;
  return {
    scope: `new-client-${newClientToken}`,
    list: (kind) => request(`${base}/${kind}`),
    create: (body) => request(base, { method: 'POST', body }),
    update: (id, body) => request(`${base}/${id}`, { method: 'PUT', body }),
    remove: (id) => request(`${base}/${id}`, { method: 'DELETE' }),
  };
}
