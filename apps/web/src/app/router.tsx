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
import { sessionRoutes } from './route-table/session-routes.ts';
import { facturacionRoutes } from './route-table/facturacion-routes.ts';
import { creditosRoutes } from './route-table/creditos-routes.ts';
import { facturasGlobalesRoutes } from './route-table/facturas-globales-routes.ts';
import { notasCreditoRoutes } from './route-table/notas-credito-routes.ts';
import { anticiposRoutes } from './route-table/anticipos-routes.ts';
import { recibosRoutes } from './route-table/recibos-routes.ts';
import { centroDeAyudaRoutes } from './route-table/centro-de-ayuda-routes.ts';
import { clientesRoutes } from './route-table/clientes-routes.ts';
import { productosServiciosRoutes } from './route-table/productos-servicios-routes.ts';
import { configuracionesRoutes } from './route-table/configuraciones-routes.ts';
import { empresasRoutes } from './route-table/empresas-routes.ts';
import { NotFoundScreen } from './routes/not-found.tsx';

/**
 * The route table of spec section 2, as data. A route is added here when its screen lands; the
 * navigation shows only what is listed. Each group lives in route-table/, one file per area, and is
 * listed here in order (the first matching path wins). index.html's preloader is written from these
 * files' text (vite/route-preload.ts): ROUTES lists only spreads of the groups imported above.
 */
export const ROUTES: readonly AppRoute[] = [
  ...sessionRoutes,
  ...facturacionRoutes,
  ...creditosRoutes,
  ...facturasGlobalesRoutes,
  ...notasCreditoRoutes,
  ...anticiposRoutes,
  ...recibosRoutes,
  ...centroDeAyudaRoutes,
  ...clientesRoutes,
  ...productosServiciosRoutes,
  ...configuracionesRoutes,
  ...empresasRoutes,
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
