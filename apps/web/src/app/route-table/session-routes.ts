import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/**
 * The way in and out: login, sign-up, password reset, the new client's welcome and setup, home,
 * logout, and the public page of a shared receipt.
 */
export const sessionRoutes: readonly AppRoute[] = [
  {
    path: '/login',
    name: 'login',
    title: 'Login',
    description: 'Inicie sesión para emitir y administrar sus facturas electrónicas CFDI 4.0.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    serverState: false,
    screen: lazy(() => import('../routes/login.tsx')),
  },
  {
    path: '/registro',
    name: 'register',
    title: 'Registro',
    description: 'Cree su cuenta para facturar electrónicamente con CFDI 4.0.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    screen: lazy(() => import('../routes/registro.tsx')),
  },
  {
    path: '/reset-password/:passwordResetToken?',
    name: 'resetPassword',
    title: 'Recuperar contraseña',
    description: 'Solicite un enlace para restablecer su contraseña o establezca una nueva.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    screen: lazy(() => import('../routes/reset-password.tsx')),
  },
  {
    path: '/bienvenido/:newClientToken',
    name: 'welcome',
    title: 'Bienvenido',
    description: 'Verificación de su correo electrónico y bienvenida.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('../routes/bienvenido.tsx')),
  },
  {
    path: '/configuracion-inicial/:newClientToken',
    name: 'InitialConfiguration',
    title: 'Configuración inicial',
    description:
      'Configure su empresa: datos fiscales, sellos, series, impuestos y su primer cliente.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('../routes/configuracion-inicial.tsx')),
  },
  {
    path: '/',
    name: 'home',
    title: 'Inicio',
    description: 'Resumen de su cuenta: primeros pasos y créditos disponibles.',
    guard: 'requiresAuth',
    layout: 'app',
    prefetch: [
      'inicio/resumen',
      'users/get-total-remaining-credits',
      'users/check-first-steps-completed',
    ],
    screen: lazy(() => import('../routes/inicio.tsx')),
  },
  {
    path: '/logout',
    name: 'logout',
    title: 'Cerrando sesión',
    description: 'Cierre de sesión.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('../routes/logout.tsx')),
  },
  {
    path: '/facturar/:slug',
    name: 'portalFacturacion',
    title: 'Facture su compra',
    description: 'Portal de autofacturación: facture su ticket con su código y total.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('../routes/facturar.tsx')),
  },
  {
    path: '/compartir/:token',
    name: 'compartir',
    title: 'Comprobante compartido',
    description: 'Consulte y descargue el PDF y el XML del comprobante fiscal que le compartieron.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('../routes/compartir.tsx')),
  },
];
