import { Suspense, lazy, useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import {
  rememberTarget,
  takeRememberedTarget,
  useSession,
} from '#src/shared/session/session-store.ts';
import { usePermisos, useRol } from '#src/shared/session/permisos.ts';
import { capacidadDePantalla } from '../route-capacidad.ts';
import { type AppRoute, pathFor, targetOf } from '../route-meta.ts';

// Loaded only when a link names its enterprise (?empresa=, issue 27): not in the login page.
const EmpresaDelEnlace = lazy(async () => ({
  default: (await import('./empresa-del-enlace.tsx')).EmpresaDelEnlace,
}));

// Loaded only when a role opens a screen it may not use: the login page does not carry it.
const SinPermiso = lazy(async () => ({
  default: (await import('#src/shared/ui/sin-permiso.tsx')).SinPermiso,
}));

function setMeta(route: AppRoute): void {
  document.title = route.title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = route.description;
}

function RouteMeta({ route }: { route: AppRoute }) {
  useEffect(() => setMeta(route), [route]);
  return null;
}

/** requiresAuth without a token: remember the target (name, params, query) and open login. */
function ToLogin({ routes }: { routes: readonly AppRoute[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const target = targetOf(routes, location.pathname, location.search);
    if (target) rememberTarget(target);
    void navigate('/login', { replace: true });
  }, [navigate, location.pathname, location.search, routes]);
  return null;
}

/** requiresVisitor with a token: back to the remembered target, else home. */
function ToTarget({ routes }: { routes: readonly AppRoute[] }) {
  const navigate = useNavigate();
  useEffect(() => {
    const target = takeRememberedTarget();
    const path = target ? pathFor(routes, target.name, target.params) : null;
    void navigate(path ? `${path}${target?.search ?? ''}` : '/', { replace: true });
  }, [navigate, routes]);
  return null;
}

export function PageLoader() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label="Cargando">
      <Spinner animation="border" variant="primary" />
    </div>
  );
}

/** `?empresa=` in the URL (features/empresas/model/enlace-empresa.ts), read without loading it. */
function hasEmpresaParam(search: string): boolean {
  return new URLSearchParams(search).has('empresa');
}

/** One route: its guard, its document title and meta description, its lazy screen. */
export function RouteScreen({ route, routes }: { route: AppRoute; routes: readonly AppRoute[] }) {
  const { token } = useSession();
  const rol = useRol();
  const permite = usePermisos();
  const location = useLocation();
  if (route.guard === 'requiresAuth' && !token) return <ToLogin routes={routes} />;
  if (route.guard === 'requiresVisitor' && token) return <ToTarget routes={routes} />;
  const Screen = route.screen;
  // Issue 27: a screen the role cannot use is not opened (its API calls would be refused).
  const allowed = route.guard !== 'requiresAuth' || permite(capacidadDePantalla(route.name));
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteMeta route={route} />
      {route.guard === 'requiresAuth' && hasEmpresaParam(location.search) ? (
        // Issue 27: a link of another of the user's enterprises switches to it before the screen.
        <EmpresaDelEnlace loader={<PageLoader />}>
          {allowed ? (
            <Screen />
          ) : (
            <SinPermiso rol={rol} capacidad={capacidadDePantalla(route.name)} />
          )}
        </EmpresaDelEnlace>
      ) : allowed ? (
        <Screen />
      ) : (
        <SinPermiso rol={rol} capacidad={capacidadDePantalla(route.name)} />
      )}
    </Suspense>
  );
}
