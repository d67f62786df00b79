import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** The help center. */
export const centroDeAyudaRoutes: readonly AppRoute[] = [
  {
    path: '/centro-de-ayuda',
    name: 'helpCenter',
    title: 'Centro de ayuda',
    description: 'Envíe su pregunta a nuestro equipo de soporte.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/centro-de-ayuda.tsx')),
  },
];
