import { Suspense, lazy, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { NavLink, Outlet } from 'react-router';
import { APP_VERSION } from '#src/shared/config.ts';
import { ModoPruebasMarca } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { useRemainingCredits } from '#src/shared/session/remaining-credits.ts';
import { ROL_ETIQUETA } from '@repo/contracts/roles';
import { usePermisos, useRol } from '#src/shared/session/permisos.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { capacidadDePantalla } from '../route-capacidad.ts';
import type { AppRoute } from '../route-meta.ts';
import { Brand } from './brand.tsx';
import { EmpresaSwitcher } from './empresa-switcher.tsx';

// The personal settings modals (and the form libraries they use) load the first time one opens.
const ChangePasswordModal = lazy(async () => ({
  default: (await import('#src/features/cuenta/components/change-password-modal.tsx'))
    .ChangePasswordModal,
}));
const PersonalEmailModal = lazy(async () => ({
  default: (await import('#src/features/cuenta/components/personal-email-modal.tsx'))
    .PersonalEmailModal,
}));
const PersonalInformationModal = lazy(async () => ({
  default: (await import('#src/features/cuenta/components/personal-information-modal.tsx'))
    .PersonalInformationModal,
}));

/**
 * The menu of the product, in order; an entry shows once its route is in the route table and the
 * role in the active enterprise may open it (issue 27).
 */
const MENU: { name: string; label: string; end?: boolean; icon?: string }[] = [
  { name: 'home', label: 'Inicio', end: true },
  { name: 'facturacion', label: 'Facturación' },
  { name: 'clients', label: 'Clientes' },
  { name: 'productsServices', label: 'Productos y servicios' },
  { name: 'configs', label: 'Configuraciones' },
  { name: 'helpCenter', label: 'Centro de ayuda', icon: '?' },
];

type AccountModal = 'password' | 'email' | 'personal' | null;
const NUMBER = new Intl.NumberFormat('es-MX');

/** Spec section 3: the trade name if present, otherwise the legal name. */
export function enterpriseDisplayName(
  enterprise: { nombre_comercial: string; razon_social: string } | null,
): string {
  if (!enterprise) return '';
  return enterprise.nombre_comercial.trim() || enterprise.razon_social.trim();
}

export function AppLayout({ routes }: { routes: readonly AppRoute[] }) {
  const { user, enterprise, totalRemainingCredits } = useSession();
  const credits = useRemainingCredits();
  const rol = useRol();
  const permite = usePermisos();
  const canBuy = permite('comprar');
  const [modal, setModal] = useState<AccountModal>(null);
  const [modalsLoaded, setModalsLoaded] = useState(false);
  if (modal !== null && !modalsLoaded) setModalsLoaded(true);
  const shownCredits = credits.data ?? totalRemainingCredits;
  const menu = MENU.flatMap((item) => {
    const route = routes.find((r) => r.name === item.name);
    if (!route || !permite(capacidadDePantalla(route.name))) return [];
    return [{ ...item, path: route.path }];
  });
  // Whoever may not buy sees the count and opens the spending history instead.
  const buyCreditsPath = canBuy
    ? (routes.find((r) => r.name === 'buyCredits')?.path ?? '/comprar-creditos')
    : '/historial-de-gastos-de-creditos';
  const displayName =
    enterpriseDisplayName(enterprise) || enterprise?.rfc || 'Empresa sin configurar';

  return (
    <div className="min-vh-100 d-flex flex-column bg-body-tertiary">
      {/* Collapses below xl: six menu entries, the credits and the enterprise do not fit one line
          at lg without wrapping "Productos y servicios" onto three. Buying credits is the credit
          count itself and the help center a "?", so the line fits from 1200 px with the test-mode
          mark and the enterprise. */}
      <Navbar expand="xl" bg="dark" data-bs-theme="dark" className="shadow-sm" as="header">
        <Container fluid="xxl">
          <Navbar.Brand as={NavLink} to="/">
            <Brand light compact />
          </Navbar.Brand>
          {/* Outside the collapsed menu: on a phone too, the user sees stamps here are tests. */}
          <ModoPruebasMarca className="me-auto me-xl-3" />
          <Navbar.Toggle aria-controls="main-nav" aria-label="Abrir menú" />
          <Navbar.Collapse id="main-nav">
            <Nav as="nav" aria-label="Menú principal" className="me-auto">
              {menu.map((item) => (
                <Nav.Link
                  key={item.name}
                  as={NavLink}
                  to={item.path}
                  end={item.end ?? false}
                  className="text-nowrap"
                  {...(item.icon ? { 'aria-label': item.label, title: item.label } : {})}
                >
                  {item.icon ? (
                    <>
                      {/* From xl the help center is a round "?" so the line fits with the credits. */}
                      <span
                        aria-hidden="true"
                        className="d-none d-xl-inline-flex align-items-center justify-content-center rounded-circle border fw-bold"
                        style={{ width: 24, height: 24, fontSize: 13 }}
                      >
                        {item.icon}
                      </span>
                      <span className="d-xl-none">{item.label}</span>
                    </>
                  ) : (
                    item.label
                  )}
                </Nav.Link>
              ))}
            </Nav>
            <Nav className="align-items-xl-center gap-xl-2">
              <Nav.Link
                as={NavLink}
                to={buyCreditsPath}
                className="d-flex align-items-center gap-2 text-nowrap"
                title={canBuy ? 'Comprar créditos' : 'Historial de gastos de créditos'}
                data-testid="nav-credits"
              >
                Créditos
                <Badge
                  bg={shownCredits === 0 ? 'warning' : 'success'}
                  text={shownCredits === 0 ? 'dark' : 'white'}
                  pill
                >
                  {shownCredits === null || shownCredits === undefined
                    ? '—'
                    : NUMBER.format(shownCredits)}
                </Badge>
                <span className="visually-hidden">
                  {canBuy ? ', comprar créditos' : ', historial de gastos'}
                </span>
              </Nav.Link>
              <NavDropdown
                align="end"
                id="account-menu"
                title={
                  <span
                    className="d-inline-flex flex-column lh-sm text-start align-middle"
                    style={{ maxWidth: '10rem' }}
                    title={`${displayName} · ${user?.email ?? ''}`}
                  >
                    <span
                      className="fw-semibold text-white text-truncate"
                      data-testid="enterprise-name"
                    >
                      {displayName}
                    </span>
                    <span className="small text-white-50 text-truncate">{user?.email}</span>
                  </span>
                }
              >
                <NavDropdown.Header>
                  {user?.name}
                  {enterprise?.rfc && (
                    <span className="d-block small">
                      {enterprise.rfc} · {ROL_ETIQUETA[rol ?? 'propietario']}
                    </span>
                  )}
                </NavDropdown.Header>
                <NavDropdown.Item as="button" onClick={() => setModal('personal')}>
                  Información personal
                </NavDropdown.Item>
                <NavDropdown.Item as="button" onClick={() => setModal('email')}>
                  Correo electrónico registrado
                </NavDropdown.Item>
                <NavDropdown.Item as="button" onClick={() => setModal('password')}>
                  Cambiar contraseña
                </NavDropdown.Item>
                <EmpresaSwitcher />
                <NavDropdown.Divider />
                <NavDropdown.Item as={NavLink} to="/mis-empresas" end>
                  Mis empresas
                </NavDropdown.Item>
                <NavDropdown.Item as={NavLink} to="/mis-empresas/agregar">
                  Agregar empresa
                </NavDropdown.Item>
                <NavDropdown.Divider />
                <NavDropdown.Item as={NavLink} to="/mis-compras-de-creditos">
                  Mis compras de créditos
                </NavDropdown.Item>
                <NavDropdown.Item as={NavLink} to="/historial-de-gastos-de-creditos">
                  Historial de gastos de créditos
                </NavDropdown.Item>
                <NavDropdown.Divider />
                <NavDropdown.Item as={NavLink} to="/logout">
                  Cerrar sesión
                </NavDropdown.Item>
              </NavDropdown>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <main className="flex-grow-1 py-4">
        <Container fluid="xl">
          <Outlet />
        </Container>
      </main>
      <footer className="border-top bg-body py-3 small text-body-secondary">
        <Container fluid="xl" className="d-flex justify-content-between">
          <span>Facturación electrónica CFDI 4.0</span>
          <span>Versión {APP_VERSION}</span>
        </Container>
      </footer>
      {modalsLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordModal show={modal === 'password'} onHide={() => setModal(null)} />
          <PersonalEmailModal show={modal === 'email'} onHide={() => setModal(null)} />
          <PersonalInformationModal show={modal === 'personal'} onHide={() => setModal(null)} />
        </Suspense>
      )}
    </div>
  );
}
