import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Global invoices (sales to the general public by month): list, new, detail and edit. */
export const facturasGlobalesRoutes: readonly AppRoute[] = [
  {
    path: '/facturacion/facturas-globales',
    name: 'facturacion.facturas-globales',
    title: 'Facturas globales',
    description:
      'La factura global de sus ventas al público en general por mes: estatus y totales de cada mes del año.',
    guard: 'requiresAuth',
    layout: 'app',
    menuFacturacion: 'Emita la factura global de sus ventas al público en general por mes y año.',
    screen: lazy(() => import('../routes/facturacion-facturas-globales.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/nuevo/:month/:year',
    name: 'facturacion.facturas-globales.create',
    title: 'Nueva factura global',
    description: 'Capture, pegue o importe las ventas del periodo y timbre su factura global.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-globales-nuevo.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/detalle/:facturaGlobalId',
    name: 'facturacion.facturas-globales.detail',
    title: 'Detalle de factura global',
    description:
      'Datos del CFDI global, descarga de PDF y XML, envío por correo, enlace para compartir y cancelación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-globales-detalle.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/editar/:facturaGlobalId',
    name: 'facturacion.facturas-globales.edit',
    title: 'Editar factura global',
    description: 'Corrija las ventas de una factura global guardada y tímbrela.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-globales-editar.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/sustituir/:facturaGlobalId',
    name: 'facturacion.facturas-globales.sustituir',
    title: 'Sustituir factura global',
    description:
      'Una copia de la factura global para corregirla; al timbrarla, la original se cancela con el motivo 01.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-globales-sustituir.tsx')),
  },
];
