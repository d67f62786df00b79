import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Sales receipts and the self-invoicing portal (issue 28). */
export const recibosRoutes: readonly AppRoute[] = [
  {
    path: '/facturacion/recibos',
    name: 'facturacion.recibos',
    title: 'Recibos y autofacturación',
    description: 'Ventas de su punto de venta y el portal donde sus clientes las facturan.',
    guard: 'requiresAuth',
    layout: 'app',
    menuFacturacion:
      'Vea las ventas de su punto de venta, su código y QR, y configure el portal de autofacturación.',
    screen: lazy(() => import('../routes/facturacion-recibos.tsx')),
  },
];
