import { Suspense } from 'react';
import { createBrowserRouter, matchPath } from 'react-router';
import { configureHttp } from '#src/shared/http/api-client.ts';
import { dropPrefetched } from '#src/shared/http/prefetched.ts';
import { getSession, rememberTarget } from '#src/shared/session/session-store.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { PageLoader, RouteScreen } from './layouts/route-screen.tsx';
// React.lazy that can be started before rendering (preload below).
import { lazy, preload } from './lazy-screen.ts';
import { QueryProvider, WithServerState } from './providers.tsx';
import { VisitorLayout } from './layouts/visitor-layout.tsx';
import { type AppRoute, targetOf } from './route-meta.ts';
import { NotFoundScreen } from './routes/not-found.tsx';

/**
 * The route table of spec section 2, as data. A route is added here when its screen lands; the
 * navigation shows only what is listed.
 */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/login',
    name: 'login',
    title: 'Login',
    description: 'Inicie sesión para emitir y administrar sus facturas electrónicas CFDI 4.0.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    serverState: false,
    screen: lazy(() => import('./routes/login.tsx')),
  },
  {
    path: '/registro',
    name: 'register',
    title: 'Registro',
    description: 'Cree su cuenta para facturar electrónicamente con CFDI 4.0.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    screen: lazy(() => import('./routes/registro.tsx')),
  },
  {
    path: '/reset-password/:passwordResetToken?',
    name: 'resetPassword',
    title: 'Recuperar contraseña',
    description: 'Solicite un enlace para restablecer su contraseña o establezca una nueva.',
    guard: 'requiresVisitor',
    layout: 'visitor',
    screen: lazy(() => import('./routes/reset-password.tsx')),
  },
  {
    path: '/bienvenido/:newClientToken',
    name: 'welcome',
    title: 'Bienvenido',
    description: 'Verificación de su correo electrónico y bienvenida.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('./routes/bienvenido.tsx')),
  },
  {
    path: '/configuracion-inicial/:newClientToken',
    name: 'InitialConfiguration',
    title: 'Configuración inicial',
    description:
      'Configure su empresa: datos fiscales, sellos, series, impuestos y su primer cliente.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('./routes/configuracion-inicial.tsx')),
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
    screen: lazy(() => import('./routes/inicio.tsx')),
  },
  {
    path: '/logout',
    name: 'logout',
    title: 'Cerrando sesión',
    description: 'Cierre de sesión.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('./routes/logout.tsx')),
  },
  {
    path: '/compartir/:token',
    name: 'compartir',
    title: 'Comprobante compartido',
    description: 'Consulte y descargue el PDF y el XML del comprobante fiscal que le compartieron.',
    guard: null,
    layout: 'visitor',
    screen: lazy(() => import('./routes/compartir.tsx')),
  },
  {
    path: '/facturacion',
    name: 'facturacion',
    title: 'Facturación',
    description: 'Elija el tipo de comprobante CFDI 4.0 con el que desea trabajar.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion.tsx')),
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
    screen: lazy(() => import('./routes/facturacion-facturas.tsx')),
  },
  {
    path: '/facturacion/pagos-pendientes',
    name: 'facturacion.pagos-pendientes',
    title: 'Pagos pendientes',
    description:
      'Facturas PPD con saldo: registre cada pago recibido y emita su complemento de pago.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-pagos-pendientes.tsx')),
  },
  {
    path: '/facturacion/facturas/detalle/:facturaId',
    name: 'facturacion.facturas.detalle',
    title: 'Detalle de factura',
    description:
      'Datos del CFDI, descarga de PDF y XML, envío por correo, enlace para compartir y cancelación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-detalle.tsx')),
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
    screen: lazy(() => import('./routes/facturacion-facturas-nuevo.tsx')),
  },
  {
    path: '/facturacion/facturas/editar/:facturaId',
    name: 'facturacion.facturas.editar',
    title: 'Editar pre factura',
    description: 'Corrija una pre factura, tímbrela o elimínela.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-editar.tsx')),
  },
  {
    path: '/facturacion/facturas/clonar/:facturaId',
    name: 'facturacion.facturas.clonar',
    title: 'Clonar factura',
    description: 'Una factura nueva con los datos de otra, lista para revisar y timbrar.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-clonar.tsx')),
  },
  {
    path: '/comprar-creditos',
    name: 'buyCredits',
    title: 'Comprar créditos',
    description:
      'Compre un paquete de créditos de timbrado con tarjeta, con código promocional opcional.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/comprar-creditos.tsx')),
  },
  {
    path: '/comprar-creditos/check-out',
    name: 'buyCredits.checkOut',
    title: 'Compra completada',
    description: 'Confirmación del pago y de los créditos recibidos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/comprar-creditos-check-out.tsx')),
  },
  {
    path: '/mis-compras-de-creditos',
    name: 'creditPayments',
    title: 'Mis compras de créditos',
    description: 'Sus compras de créditos y los créditos sin costo que recibió.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/mis-compras-de-creditos.tsx')),
  },
  {
    path: '/mis-compras-de-creditos/detalle/:id',
    name: 'creditPayments.detail',
    title: 'Detalle de la compra',
    description: 'Forma de pago, orden de la pasarela, créditos, precio y factura de una compra.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/mis-compras-de-creditos-detalle.tsx')),
  },
  {
    path: '/historial-de-gastos-de-creditos',
    name: 'creditSpendings',
    title: 'Historial de gastos de créditos',
    description: 'Cada crédito gastado o devuelto, con su comprobante y el saldo después.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/historial-de-gastos-de-creditos.tsx')),
  },
  {
    path: '/facturacion/facturas-globales',
    name: 'facturacion.facturas-globales',
    title: 'Facturas globales',
    description:
      'La factura global de sus ventas al público en general por mes: estatus y totales de cada mes del año.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-globales.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/nuevo/:month/:year',
    name: 'facturacion.facturas-globales.create',
    title: 'Nueva factura global',
    description: 'Capture, pegue o importe las ventas del periodo y timbre su factura global.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-globales-nuevo.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/detalle/:facturaGlobalId',
    name: 'facturacion.facturas-globales.detail',
    title: 'Detalle de factura global',
    description:
      'Datos del CFDI global, descarga de PDF y XML, envío por correo, enlace para compartir y cancelación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-globales-detalle.tsx')),
  },
  {
    path: '/facturacion/facturas-globales/editar/:facturaGlobalId',
    name: 'facturacion.facturas-globales.edit',
    title: 'Editar factura global',
    description: 'Corrija las ventas de una factura global guardada y tímbrela.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/facturacion-facturas-globales-editar.tsx')),
  },
  {
    path: '/centro-de-ayuda',
    name: 'helpCenter',
    title: 'Centro de ayuda',
    description: 'Envíe su pregunta a nuestro equipo de soporte.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/centro-de-ayuda.tsx')),
  },
  {
    path: '/clientes',
    name: 'clients',
    title: 'Mis clientes',
    description: 'Sus clientes: búsqueda, alta, edición, importación y exportación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes.tsx')),
  },
  {
    path: '/clientes/nuevo',
    name: 'clients.create',
    title: 'Nuevo cliente',
    description: 'Registre un cliente con sus datos fiscales para facturarle.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-nuevo.tsx')),
  },
  {
    path: '/clientes/editar/:id',
    name: 'clients.edit',
    title: 'Editar cliente',
    description: 'Actualice los datos fiscales de su cliente.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-editar.tsx')),
  },
  {
    path: '/clientes/importar',
    name: 'clients.import',
    title: 'Importar clientes',
    description: 'Registre muchos clientes a la vez con la plantilla de Excel.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-importar.tsx')),
  },
  {
    path: '/clientes/importar/reporte',
    name: 'clients.import.report',
    title: 'Reporte de importación de clientes',
    description: 'Los clientes creados y las filas rechazadas con su motivo.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-importar-reporte.tsx')),
  },
  {
    path: '/clientes/importar/usos-cfdi',
    name: 'clients.import.usosCfdi',
    title: 'Catálogo de usos del CFDI',
    description: 'Claves de uso del CFDI del SAT para llenar la plantilla de clientes.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-importar-usos-cfdi.tsx')),
  },
  {
    path: '/clientes/importar/formas-pago',
    name: 'clients.import.formasPago',
    title: 'Catálogo de formas de pago',
    description: 'Claves de forma de pago del SAT para llenar la plantilla de clientes.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-importar-formas-pago.tsx')),
  },
  {
    path: '/clientes/importar/regimenes-fiscales',
    name: 'clients.import.regimenesFiscales',
    title: 'Catálogo de regímenes fiscales',
    description: 'Claves de régimen fiscal del SAT para llenar la plantilla de clientes.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/clientes-importar-regimenes-fiscales.tsx')),
  },
  {
    path: '/productos-servicios',
    name: 'productsServices',
    title: 'Productos y servicios',
    description: 'Sus productos y servicios: búsqueda, alta, edición, importación y exportación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/productos-servicios.tsx')),
  },
  {
    path: '/productos-servicios/nuevo',
    name: 'productsServices.create',
    title: 'Nuevo producto o servicio',
    description: 'Registre un producto o servicio con sus claves del SAT, precio e impuestos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/productos-servicios-nuevo.tsx')),
  },
  {
    path: '/productos-servicios/editar/:id',
    name: 'productsServices.edit',
    title: 'Editar producto o servicio',
    description:
      'Actualice las claves del SAT, el precio o los impuestos de su producto o servicio.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/productos-servicios-editar.tsx')),
  },
  {
    path: '/productos-servicios/importar',
    name: 'productsServices.import',
    title: 'Importar productos y servicios',
    description: 'Registre muchos productos y servicios a la vez con la plantilla de Excel.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/productos-servicios-importar.tsx')),
  },
  {
    path: '/productos-servicios/importar/reporte',
    name: 'productsServices.import.report',
    title: 'Reporte de importación de productos y servicios',
    description: 'Los productos y servicios creados y las filas rechazadas con su motivo.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/productos-servicios-importar-reporte.tsx')),
  },
  {
    path: '/productos-servicios/importar/catalogo-productos-servicios',
    name: 'productsServices.import.catalogoProductosServicios',
    title: 'Catálogo de productos y servicios',
    description: 'El catálogo oficial de claves de productos y servicios del SAT.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(
      () => import('./routes/productos-servicios-importar-catalogo-productos-servicios.tsx'),
    ),
  },
  {
    path: '/productos-servicios/importar/catalogo-unidades-medida',
    name: 'productsServices.import.catalogoUnidadesMedida',
    title: 'Catálogo de unidades de medida',
    description: 'El catálogo oficial de claves de unidad del SAT.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(
      () => import('./routes/productos-servicios-importar-catalogo-unidades-medida.tsx'),
    ),
  },
  {
    path: '/configuraciones',
    name: 'configs',
    title: 'Configuraciones',
    description: 'Datos fiscales, sellos digitales, series y folios, y grupos de impuestos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/configuraciones.tsx')),
  },
  {
    path: '/configuraciones/mis-datos-fiscales',
    name: 'configs.datosFiscales',
    title: 'Mis datos fiscales',
    description: 'Razón social, régimen fiscal, domicilio fiscal y logotipo del emisor.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/configuraciones/mis-datos-fiscales.tsx')),
  },
  {
    path: '/configuraciones/sellos-certificados-digitales',
    name: 'configs.sellos',
    title: 'Sellos y certificados digitales',
    description: 'Su Certificado de Sello Digital (CSD): certificado, llave privada y contraseña.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/configuraciones/sellos-certificados-digitales.tsx')),
  },
  {
    path: '/configuraciones/series-folios',
    name: 'configs.series',
    title: 'Series y folios',
    description: 'Series y folios de facturas de ingreso, facturas globales y recepción de pagos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/configuraciones/series-folios.tsx')),
  },
  {
    path: '/configuraciones/grupos-de-impuestos',
    name: 'configs.gruposDeImpuestos',
    title: 'Grupos de impuestos',
    description:
      'Grupos de impuestos trasladados, retenidos y locales para sus productos y servicios.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('./routes/configuraciones/grupos-de-impuestos.tsx')),
  },
];

// The signed-in frame (menu, header, credits) is a chunk of its own: the login page does not load it.
const AppLayout = lazy(async () => {
  const { AppLayout: Layout } = await import('./layouts/app-layout.tsx');
  return { default: () => <Layout routes={ROUTES} /> };
});

/** Starts loading the chunks of the screen at `pathname` (its frame too) before they render. */
export function preloadRoute(pathname: string): void {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  if (!route || (route.guard === 'requiresAuth' && !getSession().token)) return;
  preload(route.screen);
  if (route.serverState !== false) preload(QueryProvider);
  if (route.layout === 'app') preload(AppLayout);
}

const toRouteObject = (route: AppRoute) => ({
  path: route.path,
  element:
    route.serverState === false ? (
      <RouteScreen route={route} routes={ROUTES} />
    ) : (
      <WithServerState>
        <RouteScreen route={route} routes={ROUTES} />
      </WithServerState>
    ),
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <VisitorLayout />,
        children: ROUTES.filter((r) => r.layout === 'visitor').map(toRouteObject),
      },
      {
        element: (
          <WithServerState>
            <Suspense fallback={<PageLoader />}>
              <AppLayout />
            </Suspense>
          </WithServerState>
        ),
        children: ROUTES.filter((r) => r.layout === 'app').map(toRouteObject),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);

// A navigation loads the next screen and its frame together (e.g. login to Inicio).
router.subscribe((state) => preloadRoute(state.location.pathname));

// The preloader's answers are the first screen's: any navigation leaves them behind, taken or not.
const firstLocation = `${router.state.location.pathname}${router.state.location.search}`;
const stopWatchingFirstScreen = router.subscribe((state) => {
  if (`${state.location.pathname}${state.location.search}` === firstLocation) return;
  dropPrefetched();
  stopWatchingFirstScreen();
});

// Spec section 4: when the session ends (401/403, failed refresh), remember where the user was and open login.
configureHttp({
  onSessionEnded: () => {
    const { pathname, search } = router.state.location;
    const target = targetOf(ROUTES, pathname, search);
    const route = ROUTES.find((r) => r.name === target?.name);
    if (target && route?.guard === 'requiresAuth') rememberTarget(target);
    if (route?.guard !== 'requiresVisitor' && route?.name !== 'logout')
      void router.navigate('/login');
  },
});
