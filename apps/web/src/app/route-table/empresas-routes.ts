import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** The user's enterprises (issue 27): the overview across them and adding another RFC. */
export const empresasRoutes: readonly AppRoute[] = [
  {
    path: '/mis-empresas',
    name: 'misEmpresas',
    title: 'Mis empresas',
    description:
      'Sus empresas en una pantalla: créditos, facturas del mes, complementos, cancelaciones y sellos.',
    guard: 'requiresAuth',
    layout: 'app',
    prefetch: ['empresas/resumen'],
    screen: lazy(() => import('../routes/mis-empresas.tsx')),
  },
  {
    path: '/mis-empresas/agregar',
    name: 'misEmpresas.agregar',
    title: 'Agregar empresa',
    description: 'Agregue otro RFC a su cuenta y configure la nueva empresa.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/mis-empresas-agregar.tsx')),
  },
];
