import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Advances (issue 25): the SAT's three steps on one screen, with what remains to do. */
export const anticiposRoutes: readonly AppRoute[] = [
  {
    path: '/facturacion/anticipos',
    name: 'facturacion.anticipos',
    title: 'Anticipos',
    description:
      'Factura del anticipo, factura por el valor total que lo relaciona y nota de crédito que lo aplica, como pide el SAT.',
    guard: 'requiresAuth',
    layout: 'app',
    menuFacturacion:
      'Registre un anticipo y siga los pasos del SAT hasta aplicarlo; vea los que faltan por aplicar.',
    screen: lazy(() => import('../routes/facturacion-anticipos.tsx')),
  },
];
