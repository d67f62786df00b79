import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Stamping credits: buying them, the purchases made and the credits spent. */
export const creditosRoutes: readonly AppRoute[] = [
  {
    path: '/comprar-creditos',
    name: 'buyCredits',
    title: 'Comprar créditos',
    description:
      'Compre un paquete de créditos de timbrado con tarjeta, con código promocional opcional.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/comprar-creditos.tsx')),
  },
  {
    path: '/comprar-creditos/check-out',
    name: 'buyCredits.checkOut',
    title: 'Compra completada',
    description: 'Confirmación del pago y de los créditos recibidos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/comprar-creditos-check-out.tsx')),
  },
  {
    path: '/mis-compras-de-creditos',
    name: 'creditPayments',
    title: 'Mis compras de créditos',
    description: 'Sus compras de créditos y los créditos sin costo que recibió.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/mis-compras-de-creditos.tsx')),
  },
  {
    path: '/mis-compras-de-creditos/detalle/:id',
    name: 'creditPayments.detail',
    title: 'Detalle de la compra',
    description: 'Forma de pago, orden de la pasarela, créditos, precio y factura de una compra.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/mis-compras-de-creditos-detalle.tsx')),
  },
  {
    path: '/historial-de-gastos-de-creditos',
    name: 'creditSpendings',
    title: 'Historial de gastos de créditos',
    description: 'Cada crédito gastado o devuelto, con su comprobante y el saldo después.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/historial-de-gastos-de-creditos.tsx')),
  },
];
