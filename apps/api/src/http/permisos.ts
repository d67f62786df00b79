import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLES_DE_CAPACIDAD, type Capacidad, type Rol } from '@repo/contracts/equipo';
import { KINDS_DE_SERIE } from '@repo/contracts/tipos-comprobante/registro';

// Issue 27: every route behind requireAuth declares here what it does (its capability); the roles
// allowed are ROLES_DE_CAPACIDAD of @repo/contracts/equipo, shared with the SPA. A signed-in route
// missing from this table is refused to everyone (fail closed), and permisos.test.ts walks the whole
// table, route by route and role by role, and every route of the app, so none can be forgotten.
// A document type's routes declare their capability beside each route (`config: { capacidad }`), so
// a new type edits no table outside its folder (issue 25); capacidadesDeRutas walks both.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, declared with the route (a document type's routes, issue 25). */
    capacidad?: Capacidad;
  }
}

/** "METHOD url pattern" (as Fastify's routeOptions.url has it) → what the route does. */
export const CAPACIDAD_DE_RUTA: Readonly<Record<string, Capacidad>> = {
  // The user's own account: any role.
  'GET /api/users/refresh-token': 'cuenta',
  'GET /api/users/logout': 'cuenta',
  'POST /api/users/cambiar-empresa': 'cuenta',
  'POST /api/users/change-password': 'cuenta',
  'POST /api/users/change-personal-email': 'cuenta',
  'POST /api/users/change-personal-information': 'cuenta',
  'POST /api/users/resend-token-personal-email': 'cuenta',
  'POST /api/users/validate-token-personal-email': 'cuenta',
  'POST /api/help-center/question-form': 'cuenta',
  'GET /api/users/check-first-steps-completed': 'ver',
  'GET /api/users/get-total-remaining-credits': 'ver',
  'GET /api/inicio/resumen': 'ver',
  // The user's own enterprises (issue 27): adding an RFC makes the user its owner, and the overview
  // answers only the user's memberships, whatever their role in the active one.
  'POST /api/empresas': 'cuenta',
  'POST /api/empresas/:enterpriseId/configuracion-inicial': 'cuenta',
  'GET /api/empresas/resumen': 'cuenta',

  // Clients and products: read by everyone, changed by whoever issues.
  'GET /api/clients': 'ver',
  'GET /api/clients/:id': 'ver',
  'GET /api/clients/export': 'ver',
  'GET /api/clients/import/download-import-clients-template': 'ver',
  'GET /api/clients/import/report': 'ver',
  'POST /api/clients/search': 'ver',
  'POST /api/clients': 'emitir',
  'PUT /api/clients/:id': 'emitir',
  'DELETE /api/clients/:id': 'emitir',
  'POST /api/clients/import': 'emitir',
  'POST /api/clients/rfc-unique': 'emitir',
  'GET /api/products-services': 'ver',
  'GET /api/products-services/:id': 'ver',
  'GET /api/products-services/export': 'ver',
  'GET /api/products-services/import/report': 'ver',
  'GET /api/products-services/iva-fronterizo': 'ver',
  'GET /api/products-service/import/download-import-products-services-template': 'ver',
  'POST /api/products-services/search': 'ver',
  'POST /api/products-services': 'emitir',
  'PUT /api/products-services/:id': 'emitir',
  'DELETE /api/products-services/:id': 'emitir',
  'POST /api/products-services/import': 'emitir',
  'POST /api/products-services/description-unique': 'emitir',
  'POST /api/products-services/internal-code-unique': 'emitir',

  // Taxes, tax groups, series, seals, tax data: the enterprise's configuration.
  'GET /api/impuestos-trasladados': 'ver',
  'GET /api/impuestos-retenidos': 'ver',
  'GET /api/impuestos-locales-trasladados/estado/:state': 'ver',
  'GET /api/impuestos-locales-retenidos/estado/:state': 'ver',
  'POST /api/impuestos-trasladados': 'configurar',
  'PUT /api/impuestos-trasladados/:id': 'configurar',
  'DELETE /api/impuestos-trasladados/:id': 'configurar',
  'GET /api/impuestos-trasladados/toggle-status/:id': 'configurar',
  'POST /api/impuestos-retenidos': 'configurar',
  'PUT /api/impuestos-retenidos/:id': 'configurar',
  'DELETE /api/impuestos-retenidos/:id': 'configurar',
  'GET /api/impuestos-retenidos/toggle-status/:id': 'configurar',
  'GET /api/rubros-impuestos': 'ver',
  'GET /api/rubros-impuestos/:id': 'ver',
  'GET /api/rubros-impuestos/get-impuestos-trasladados': 'ver',
  'POST /api/rubros-impuestos': 'configurar',
  'PUT /api/rubros-impuestos/:id': 'configurar',
  'DELETE /api/rubros-impuestos/:id': 'configurar',
  'POST /api/rubros-impuestos/validate-unique-name': 'configurar',
  // Each registered type's series (decision 012).
  ...Object.fromEntries(KINDS_DE_SERIE.map((k) => [`GET /api/series/:enterpriseId/${k}`, 'ver'])),
  'POST /api/series/:enterpriseId': 'configurar',
  'PUT /api/series/:id': 'configurar',
  'DELETE /api/series/:id': 'configurar',
  'GET /api/sellos-fiscales/:enterpriseId': 'ver',
  'POST /api/sellos-fiscales/:enterpriseId': 'configurar',
  'POST /api/sellos-fiscales/:enterpriseId/get-cer-file-info': 'configurar',
  'GET /api/datos-fiscales/:enterpriseId': 'ver',
  'GET /api/datos-fiscales/:enterpriseId/logo': 'ver',
  'PUT /api/datos-fiscales/:enterpriseId': 'configurar',
  'POST /api/datos-fiscales/:enterpriseId/logo': 'configurar',
  'DELETE /api/datos-fiscales/:enterpriseId/logo': 'configurar',
  'GET /api/tipos-de-cambio/:moneda': 'ver',

  // The enterprise's members and invitations (issue 27).
  'GET /api/equipo/:enterpriseId': 'usuarios',
  'POST /api/equipo/:enterpriseId/invitaciones': 'usuarios',
  'DELETE /api/equipo/:enterpriseId/invitaciones/:id': 'usuarios',
  'PUT /api/equipo/:enterpriseId/miembros/:userId': 'usuarios',
  'DELETE /api/equipo/:enterpriseId/miembros/:userId': 'usuarios',
  // Whether the enterprise's administrators may buy credits: the owner's decision alone.
  'GET /api/equipo/:enterpriseId/compras-administradores': 'propiedad',
  'PUT /api/equipo/:enterpriseId/compras-administradores': 'propiedad',

  // Who did what (issue 27): the enterprise's log for owners and administrators; a document's
  // history for everyone who sees the document.
  'GET /api/auditoria/:enterpriseId': 'bitacora',
  'GET /api/auditoria/:enterpriseId/export': 'bitacora',
  'GET /api/comprobantes/v40/:id/historial': 'ver',

  // Webhooks for the enterprise's programs (issue 28): an integration's settings and secrets.
  'GET /api/webhooks/:enterpriseId': 'configurar',
  'POST /api/webhooks/:enterpriseId': 'configurar',
  'PUT /api/webhooks/endpoint/:id': 'configurar',
  'DELETE /api/webhooks/endpoint/:id': 'configurar',
  'POST /api/webhooks/endpoint/:id/secreto': 'configurar',
  'POST /api/webhooks/endpoint/:id/prueba': 'configurar',
  'GET /api/webhooks/endpoint/:id/entregas': 'configurar',
  'GET /api/webhooks/entregas/:id': 'configurar',
  'POST /api/webhooks/entregas/:id/reenviar': 'configurar',

  // The enterprise's API keys (issue 28): never a key's own scope (docs/decisions/014).
  'GET /api/claves-api/:enterpriseId': 'claves',
  'POST /api/claves-api/:enterpriseId': 'claves',
  'POST /api/claves-api/clave/:id/revocar': 'claves',

  // Sales receipts of a point of sale and the self-invoicing portal's settings (issue 28); the
  // portal itself (/api/portal/:slug…) is public and takes no session.
  'GET /api/recibos/:enterpriseId': 'ver',
  'GET /api/recibos/detalle/:id': 'ver',
  'POST /api/recibos/:enterpriseId': 'emitir',
  'POST /api/recibos/:enterpriseId/importar': 'emitir',
  'GET /api/recibos/:enterpriseId/importar/plantilla': 'ver',
  'POST /api/recibos/detalle/:id/cancelar': 'emitir',
  'GET /api/portal-facturacion/:enterpriseId': 'ver',
  'PUT /api/portal-facturacion/:enterpriseId': 'configurar',

  // Comprobantes: read and downloaded by everyone; issued, sent, shared and cancelled by issuers.
  'GET /api/facturacion/V40/facturas-ingreso': 'ver',
  'GET /api/facturacion/V40/facturas-ingreso/:id': 'ver',
  'GET /api/facturacion/V40/facturas-ingreso/export': 'ver',
  'POST /api/facturacion/V40/facturas-ingreso/search': 'ver',
  'GET /api/facturacion/V40/:enterpriseId/ppd-pending-payments': 'ver',
  'POST /api/facturacion/V40/facturas-ingreso': 'emitir',
  'POST /api/facturacion/V40/facturas-ingreso/:id/estado-cancelacion': 'emitir',
  'POST /api/facturacion/V40/pre-facturas-ingreso': 'emitir',
  'PUT /api/facturacion/V40/pre-facturas-ingreso/:id': 'emitir',
  'DELETE /api/facturacion/V40/pre-facturas-ingreso/:id': 'emitir',
  'POST /api/facturacion/V40/pre-facturas-ingreso/:id/timbrar': 'emitir',
  'POST /api/facturacion/V40/pre-facturas-ingreso/:id/timbrar-with-pre-factura-original-data':
    'emitir',
  'POST /api/facturacion/V40/cancelar-factura': 'emitir',
  'GET /api/facturacion/V40/facturas-globales': 'ver',
  'GET /api/facturacion/V40/facturas-globales/:id': 'ver',
  'GET /api/facturacion/V40/facturas-globales/get-years-for-facturas-globales': 'ver',
  'GET /api/facturacion/V40/facturas-globales/import/download-template': 'ver',
  'GET /api/facturacion/V40/facturas-globales/recibos-del-periodo': 'ver',
  'POST /api/facturacion/V40/facturas-globales/search': 'ver',
  'POST /api/facturacion/V40/facturas-globales': 'emitir',
  'POST /api/facturacion/V40/facturas-globales/save': 'emitir',
  'POST /api/facturacion/V40/facturas-globales/import': 'emitir',
  'POST /api/facturacion/V40/facturas-globales/:id/cancelar': 'emitir',
  'POST /api/facturacion/V40/facturas-globales/:id/venta-nominativa': 'emitir',
  'GET /api/facturacion/V40/complemento-pago/:id': 'ver',
  'POST /api/facturacion/V40/complemento-pago': 'emitir',
  'POST /api/facturacion/V40/complemento-pago/:id/cancelar': 'emitir',
  'GET /api/facturacion/V40/anticipos': 'ver',
  'GET /api/facturacion/V40/anticipos/:id': 'ver',
  'POST /api/facturacion/V40/anticipos': 'emitir',
  'POST /api/facturacion/V40/anticipos/:id/aplicar': 'emitir',
  'GET /api/comprobantes/v40/:id/get-invoice-pdf': 'ver',
  'GET /api/comprobantes/v40/:id/get-invoice-xml': 'ver',
  'GET /api/comprobantes/v40/:id/get-invoice-sent-information': 'ver',
  'GET /api/comprobantes/v40/:id/get-sharing-invoice-sent-information': 'ver',
  'POST /api/comprobantes/v40/:id/send-by-email': 'emitir',
  'GET /api/comprobantes/v40/:id/cancelacion': 'ver',
  'POST /api/comprobantes/v40/:id/sustitucion/reintentar': 'emitir',
  'POST /api/comprobantes/v40/:id/create-share-invoice-link': 'emitir',
  'POST /api/comprobantes/v40/:id/share-links/:linkId/revoke': 'emitir',
  'POST /api/facturacion/V40/comprobantes-zip': 'ver',
  'GET /api/facturacion/V40/comprobantes-zip/:id': 'ver',
  'GET /api/facturacion/V40/comprobantes-zip/:id/descargar': 'ver',

  // Credits: histories read by everyone; buying by those who may spend the enterprise's money.
  'GET /api/subscription-plans': 'ver',
  'GET /api/user-credits-payments': 'ver',
  'GET /api/user-credits-payments/:id': 'ver',
  'GET /api/user-credits-payments/:id/invoice-pdf': 'ver',
  'GET /api/user-credits-payments/:id/invoice-xml': 'ver',
  'GET /api/user-credits-spendings': 'ver',
  'GET /api/payments/credits/get-order-from-payment-gateway/:id': 'ver',
  'POST /api/payments/credits/pre-order': 'comprar',
  'POST /api/promotional-codes/reserve': 'comprar',
  'POST /api/promotional-codes/detach-reserved-codes': 'comprar',
  'POST /api/facturacion/V40/facturas-ingreso/subscription-plan-invoice': 'comprar',
};

/**
 * The stamping POSTs whose retry is told apart by the Idempotency-Key header: required on them when
 * the request is made with an API key, so a program's retry after a lost answer never stamps twice.
 * A pre-invoice's stamping and a nominative sale are keyed by their own document already.
 */
export const RUTAS_CON_IDEMPOTENCIA: ReadonlySet<string> = new Set([
  'POST /api/facturacion/V40/facturas-ingreso',
  'POST /api/facturacion/V40/facturas-globales',
  'POST /api/facturacion/V40/complemento-pago',
  'POST /api/facturacion/V40/nota-credito',
  'POST /api/facturacion/V40/anticipos',
  'POST /api/facturacion/V40/anticipos/:id/aplicar',
]);

/** The route's key in CAPACIDAD_DE_RUTA. */
export function claveDeRuta(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url ?? request.url}`;
}

/** What a route does: declared beside it, else in CAPACIDAD_DE_RUTA under its key; or none. */
export function capacidadDeRuta(
  config: { capacidad?: Capacidad } | undefined,
  clave: string,
): Capacidad | undefined {
  return config?.capacidad ?? CAPACIDAD_DE_RUTA[clave];
}

/** What the route of `request` does, or undefined when it declares nothing. */
export function capacidadDeLaRuta(request: FastifyRequest): Capacidad | undefined {
  return capacidadDeRuta(request.routeOptions.config, claveDeRuta(request));
}

/**
 * True when `rol` may call the route of `request`; false for a route that declares no capability.
 * The enterprise's switch on administrators' purchases is checked apart (requireAuth), so its refusal
 * says why.
 */
export function rolPermiteRuta(request: FastifyRequest, rol: Rol): boolean {
  const capacidad = capacidadDeLaRuta(request);
  return capacidad !== undefined && ROLES_DE_CAPACIDAD[capacidad].includes(rol);
}

const DECLARADAS = new WeakMap<FastifyInstance, Map<string, Capacidad>>();

/**
 * Records the capability every route declares with itself (`config.capacidad`); registered before
 * the modules, so it sees each of their routes as it is added.
 */
export function registrarCapacidades(app: FastifyInstance): void {
  const declaradas = new Map<string, Capacidad>();
  DECLARADAS.set(app, declaradas);
  app.addHook('onRoute', (route) => {
    const capacidad = route.config?.capacidad;
    if (!capacidad) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declaradas.set(`${method} ${route.url}`, capacidad);
    }
  });
}

/** The whole route × capability table of an app: CAPACIDAD_DE_RUTA and what its routes declare. */
export function capacidadesDeRutas(app: FastifyInstance): Readonly<Record<string, Capacidad>> {
  return { ...CAPACIDAD_DE_RUTA, ...Object.fromEntries(DECLARADAS.get(app) ?? []) };
}

/** The routes that declare a capability themselves and are also in CAPACIDAD_DE_RUTA (none). */
export function capacidadesDobles(app: FastifyInstance): string[] {
  return [...(DECLARADAS.get(app)?.keys() ?? [])].filter((k) => k in CAPACIDAD_DE_RUTA);
}
