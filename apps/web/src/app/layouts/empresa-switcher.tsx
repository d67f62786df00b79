import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { useNavigate } from 'react-router';
import { ROL_ETIQUETA } from '@repo/contracts/roles';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { cambiarAEmpresa } from '#src/features/empresas/api/cambiar-empresa.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';

/** More than this many enterprises and the list gets a search box. */
const BUSCAR_DESDE = 5;

function nombreDe(e: { nombre_comercial: string; razon_social: string; rfc: string }): string {
  return e.nombre_comercial.trim() || e.razon_social.trim() || e.rfc;
}

/**
 * The header's enterprise switcher (issue 27), inside the account menu: the user's other
 * enterprises by name and RFC; choosing one opens a session on it without signing out, and every
 * screen starts over with its data (the cached server state is dropped on the switch).
 */
export function EmpresaSwitcher() {
  const { user, enterprise } = useSession();
  const navigate = useNavigate();
  const [buscar, setBuscar] = useState('');
  const otras = (user?.enterprises ?? []).filter((e) => e.id !== enterprise?.id);
  if (otras.length === 0) return null;
  const texto = buscar.trim().toLowerCase();
  const visibles = otras.filter(
    (e) => !texto || `${nombreDe(e)} ${e.rfc}`.toLowerCase().includes(texto),
  );
  const cambiar = async (id: number) => {
    try {
      notify('success', `Ahora trabaja en ${await cambiarAEmpresa(id)}.`);
      void navigate('/');
    } catch (error) {
      notify('error', inlineErrorOf(error) ?? 'No fue posible cambiar de empresa.');
    }
  };
  return (
    <>
      <NavDropdown.Divider />
      <NavDropdown.Header>Cambiar de empresa</NavDropdown.Header>
      {otras.length > BUSCAR_DESDE && (
        <div className="px-3 pb-2">
          <Form.Control
            size="sm"
            type="search"
            placeholder="Buscar por nombre o RFC"
            aria-label="Buscar empresa por nombre o RFC"
            value={buscar}
            onChange={(e) => setBuscar(e.target.value)}
          />
        </div>
      )}
      <div style={{ maxHeight: '16rem', overflowY: 'auto' }} data-testid="empresas">
        {visibles.map((e) => (
          <NavDropdown.Item key={e.id} as="button" onClick={() => void cambiar(e.id)}>
            <span className="d-block fw-semibold text-truncate" style={{ maxWidth: '16rem' }}>
              {nombreDe(e)}
            </span>
            <span className="d-block small text-body-secondary">
              {e.rfc} · {ROL_ETIQUETA[e.rol ?? 'propietario']}
            </span>
          </NavDropdown.Item>
        ))}
        {visibles.length === 0 && (
          <p className="px-3 small text-body-secondary mb-0">Ninguna empresa coincide.</p>
        )}
      </div>
    </>
  );
}
