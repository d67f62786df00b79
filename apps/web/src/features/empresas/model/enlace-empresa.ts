// Deep links into one of the user's enterprises (issue 27): the product writes `?empresa={id}` in
// the links it makes to a document or screen of an enterprise (the overview's, for one), so the SPA
// knows the enterprise of a link before asking the API for the document (which answers 404 to a
// session on another enterprise).

/** The query parameter that names the enterprise of a link. */
export const EMPRESA_PARAM = 'empresa';

/** A path of the app with the enterprise it belongs to. */
export function enlaceDeEmpresa(enterpriseId: number, path: string): string {
  const [base, query = ''] = path.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.set(EMPRESA_PARAM, String(enterpriseId));
  return `${base}?${params.toString()}`;
}

export type DecisionEnlace =
  | { accion: 'ninguna' }
  /** The link's enterprise is the active one: drop the parameter and show the screen. */
  | { accion: 'quitar' }
  /**
   * Another enterprise: ask the API to switch to it. The API decides membership (the session's list
   * may predate an invitation accepted elsewhere) and refuses, in Spanish, one the user is not in.
   */
  | { accion: 'cambiar'; enterpriseId: number }
  /** Not an enterprise id at all: refused without asking. */
  | { accion: 'invalida' };

/** What to do with the `?empresa=` of the URL, given the active enterprise. */
export function decidirEnlace(search: string, activa: number | null): DecisionEnlace {
  const valor = new URLSearchParams(search).get(EMPRESA_PARAM);
  if (valor === null) return { accion: 'ninguna' };
  if (!/^[1-9]\d{0,9}$/.test(valor)) return { accion: 'invalida' };
  const id = Number(valor);
  return id === activa ? { accion: 'quitar' } : { accion: 'cambiar', enterpriseId: id };
}

/** The search string without the `?empresa=` parameter ('' when nothing else is left). */
export function sinEmpresa(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EMPRESA_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
