import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Credit notes (CFDI de egreso, issue 25): the list and the detail; a note is issued from its invoice. */
export const notasCreditoRoutes: readonly AppRoute[] = [
  {
    path: '/facturacion/notas-credito',
    name: 'facturacion.notas-credito',
    title: 'Notas de crédito',
    description:
      'Las notas de crédito (CFDI de egreso) de sus facturas: descuentos, bonificaciones y devoluciones.',
    guard: 'requiresAuth',
    layout: 'app',
    menuFacturacion:
      'Vea sus notas de crédito por descuento, bonificación o devolución; se emiten desde la factura timbrada.',
    parteDeFactura: lazy(() => import('../routes/facturacion-notas-credito-factura.tsx')),
    screen: lazy(() => import('../routes/facturacion-notas-credito.tsx')),
  },
  {
    path: '/facturacion/notas-credito/detalle/:notaId',
    name: 'facturacion.notas-credito.detalle',
    title: 'Detalle de nota de crédito',
    description:
      'Datos del CFDI de egreso, facturas relacionadas, descarga de PDF y XML, envío por correo, enlace para compartir y cancelación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/facturacion-notas-credito-detalle.tsx')),
  },
];
