import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { FacturaDetail } from '@repo/contracts/facturas';
import type { RouteTarget } from '#src/shared/session/session-store.ts';

/** requiresAuth: login first. requiresVisitor: home when signed in. null: either (new-client setup). */
export type RouteGuard = 'requiresAuth' | 'requiresVisitor' | null;

export interface AppRoute {
  path: string;
  name: string;
  title: string;
  description: string;
  guard: RouteGuard;
  layout: 'app' | 'visitor';
  /** false: the screen reads no server state, so TanStack Query is not loaded for it (login). */
  serverState?: false;
  /**
   * The API GETs the screen makes as it opens (paths under the API base, `{enterprise}` for the
   * session's enterprise id): index.html's preloader starts them with the screen's chunks.
   */
  prefetch?: readonly string[];
  /**
   * A document type's entry in the invoicing menu (/facturacion): the card's text, under the
   * route's title. Declared with the type's routes, so a new type's card needs no other edit.
   */
  menuFacturacion?: string;
  /**
   * A document type's part of a stamped invoice's detail (its documents that relate the invoice and
   * the button that issues one), declared with the type's routes: the invoice's detail shows every
   * route's part, so a new type's part needs no edit of the invoice's screens (issue 25).
   */
  parteDeFactura?: LazyExoticComponent<ComponentType<{ factura: FacturaDetail }>>;
  screen: LazyExoticComponent<ComponentType>;
}

/** The URL of a named route with its params (optional `:param?` segments dropped when absent). */
export function pathFor(
  routes: readonly AppRoute[],
  name: string,
  params: Record<string, string>,
): string | null {
  const route = routes.find((r) => r.name === name);
  if (!route) return null;
  const path = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined) return optional ? null : segment;
      return encodeURIComponent(value);
    })
    .filter((segment) => segment !== null)
    .join('/');
  return path === '' ? '/' : path;
}

/** The route a location belongs to, as a target to return to after login. */
export function targetOf(
  routes: readonly AppRoute[],
  pathname: string,
  search: string,
): RouteTarget | null {
  for (const route of routes) {
    const match = matchPath(route.path, pathname);
    if (match) {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params))
        if (value !== undefined) params[key] = value;
      return { name: route.name, params, search };
    }
  }
  return null;
}
