import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/**
 * Invoicing: the choice of receipt type, income invoices (list, detail, new, edit, clone) and the
 * pending payments.
 */
export const facturacionRoutes: readonly AppRoute[] = [
  {
    path: '/facturacion',
    name: 'facturacion',
    title: 'Facturación',
    description: 'Elija el tipo de comprobante CFDI 4.0 con el que desea trabajar.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion.tsx')),
  },
  {
    path: '/facturacion/facturas',
    name: 'facturacion.facturas',
    title: 'Facturas',
    description:
      'Sus facturas de ingreso: filtros por cliente, fechas, serie, estatus y método de pago.',
    guard: 'requiresAuth',
    layout: 'app',
    prefetch: [
      'facturacion/V40/facturas-ingreso?page=1&items_per_page=30',
      'users/get-total-remaining-credits',
    ],
    menuFacturacion:
      'Emita facturas de ingreso, guarde pre facturas, descargue el PDF y el XML, compártalas y cancélelas.',
    screen: lazy(() => import('../routes/facturacion-facturas.tsx')),
  },
  {
    path: '/facturacion/pagos-pendientes',
    name: 'facturacion.pagos-pendientes',
    title: 'Pagos pendientes',
    description:
      'Facturas PPD con saldo: registre cada pago recibido y emita su complemento de pago.',
    guard: 'requiresAuth',
    layout: 'app',
    menuFacturacion:
      'Vea lo que le deben sus facturas PPD y registre cada pago con su complemento de pago.',
    screen: lazy(() => import('../routes/facturacion-pagos-pendientes.tsx')),
  },
  {
    path: '/facturacion/facturas/detalle/:facturaId',
    name: 'facturacion.facturas.detalle',
    title: 'Detalle de factura',
    description:
      'Datos del CFDI, descarga de PDF y XML, envío por correo, enlace para compartir y cancelación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-detalle.tsx')),
  },
  {
    path: '/facturacion/facturas/nuevo',
    name: 'facturacion.facturas.nuevo',
    title: 'Nueva factura',
    description: 'Emita una factura de ingreso CFDI 4.0 o guárdela como pre factura.',
    guard: 'requiresAuth',
    layout: 'app',
    prefetch: [
      'rubros-impuestos',
      'impuestos-trasladados',
      'impuestos-retenidos',
      'series/{enterprise}/facturas-ingreso',
      'datos-fiscales/{enterprise}',
      'sellos-fiscales/{enterprise}',
      'users/get-total-remaining-credits',
      'catalogos/formas-pagos',
      'catalogos/metodos-pago',
      'catalogos/regimenes-fiscales',
    ],
    screen: lazy(() => import('../routes/facturacion-facturas-nuevo.tsx')),
  },
  {
    path: '/facturacion/facturas/editar/:facturaId',
    name: 'facturacion.facturas.editar',
    title: 'Editar pre factura',
    description: 'Corrija una pre factura, tímbrela o elimínela.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-editar.tsx')),
  },
  {
    path: '/facturacion/facturas/clonar/:facturaId',
    name: 'facturacion.facturas.clonar',
    title: 'Clonar factura',
    description: 'Una factura nueva con los datos de otra, lista para revisar y timbrar.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-clonar.tsx')),
  },
  {
    path: '/facturacion/facturas/sustituir/:facturaId',
    name: 'facturacion.facturas.sustituir',
    title: 'Sustituir factura',
    description:
      'Una copia de la factura para corregirla; al timbrarla, la original se cancela con el motivo 01.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-facturas-sustituir.tsx')),
  },
];
