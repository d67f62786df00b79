import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/** Settings: fiscal data, digital seals, series and folios, tax groups, webhooks, users, log. */
export const configuracionesRoutes: readonly AppRoute[] = [
  {
    path: '/configuraciones',
    name: 'configs',
    title: 'Configuraciones',
    description: 'Datos fiscales, sellos digitales, series y folios, y grupos de impuestos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones.tsx')),
  },
  {
    path: '/configuraciones/mis-datos-fiscales',
    name: 'configs.datosFiscales',
    title: 'Mis datos fiscales',
    description: 'Razón social, régimen fiscal, domicilio fiscal y logotipo del emisor.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/mis-datos-fiscales.tsx')),
  },
  {
    path: '/configuraciones/sellos-certificados-digitales',
    name: 'configs.sellos',
    title: 'Sellos y certificados digitales',
    description: 'Su Certificado de Sello Digital (CSD): certificado, llave privada y contraseña.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/sellos-certificados-digitales.tsx')),
  },
  {
    path: '/configuraciones/series-folios',
    name: 'configs.series',
    title: 'Series y folios',
    description: 'Series y folios de facturas de ingreso, facturas globales y recepción de pagos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/series-folios.tsx')),
  },
  {
    path: '/configuraciones/grupos-de-impuestos',
    name: 'configs.gruposDeImpuestos',
    title: 'Grupos de impuestos',
    description:
      'Grupos de impuestos trasladados, retenidos y locales para sus productos y servicios.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/grupos-de-impuestos.tsx')),
  },
  {
    path: '/configuraciones/webhooks',
    name: 'configs.webhooks',
    title: 'Webhooks',
    description: 'Avisos firmados a su sistema cuando se timbra o cancela un documento.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/webhooks.tsx')),
  },
  {
    path: '/configuraciones/usuarios',
    name: 'configs.usuarios',
    title: 'Usuarios',
    description: 'Las personas que usan su empresa, su rol, y las invitaciones por correo.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/usuarios.tsx')),
  },
  {
    path: '/configuraciones/bitacora',
    name: 'configs.bitacora',
    title: 'Bitácora',
    description: 'Quién hizo qué en su empresa, cuándo y desde dónde; con filtros y exportación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/configuraciones/bitacora.tsx')),
  },
];
