import { useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ROL_ETIQUETA, ROLES, type Miembro, type Rol } from '@repo/contracts/equipo';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { useRol } from '#src/shared/session/permisos.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import type { EquipoApi } from '../api/equipo-api.ts';
import { ComprasAdministradores } from './compras-administradores.tsx';
import { InvitarForm } from './invitar-form.tsx';

const FECHA = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium' });

/** A member's row: the role may be changed and the member removed, except oneself and owners. */
function MiembroFila(props: { m: Miembro; api: EquipoApi; onChange: () => void }) {
  const { m, api } = props;
  const rolPropio = useRol();
  const editable = !m.es_usted && (rolPropio === 'propietario' || m.rol !== 'propietario');
  const opciones = ROLES.filter((r) => rolPropio === 'propietario' || r !== 'propietario');
  const cambiar = async (rol: Rol) => {
    try {
      await api.cambiarRol(m.user_id, rol);
      notify('success', `${m.nombre || m.email} ahora tiene el rol ${ROL_ETIQUETA[rol]}.`);
    } catch (error) {
      notify('error', inlineErrorOf(error) ?? 'No fue posible cambiar el rol.');
    }
    props.onChange();
  };
  const quitar = () =>
    confirmDelete({
      title: 'Quitar usuario',
      message: `¿Desea quitar a ${m.nombre || m.email} de la empresa? Su sesión en esta empresa termina de inmediato.`,
      onAccept: async () => {
        await api.quitar(m.user_id);
        notify('success', `${m.nombre || m.email} ya no es usuario de la empresa.`);
        props.onChange();
      },
    });
  return (
    <tr data-testid="miembro">
      <td>
        <div className="fw-semibold">
          {m.nombre || '—'} {m.es_usted && <Badge bg="secondary">Usted</Badge>}
        </div>
        <div className="small text-body-secondary text-break">{m.email}</div>
      </td>
      <td>
        {editable ? (
          <Form.Select
            size="sm"
            aria-label={`Rol de ${m.email}`}
            value={m.rol}
            onChange={(e) => void cambiar(e.target.value as Rol)}
          >
            {opciones.map((r) => (
              <option key={r} value={r}>
                {ROL_ETIQUETA[r]}
              </option>
            ))}
          </Form.Select>
        ) : (
          ROL_ETIQUETA[m.rol]
        )}
      </td>
      <td className="d-none d-md-table-cell">{FECHA.format(new Date(m.desde))}</td>
      <td className="text-end">
        {editable && (
          <Button size="sm" variant="outline-danger" onClick={quitar}>
            Quitar
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Configuraciones → Usuarios: the members, their roles, the pending invitations (issue 27). */
export function Usuarios(props: { api: EquipoApi }) {
  const { api } = props;
  const queryClient = useQueryClient();
  const esPropietario = useRol() === 'propietario';
  const equipo = useQuery({ queryKey: api.key, queryFn: api.ver });
  const refrescar = () => void queryClient.invalidateQueries({ queryKey: api.key });
  if (equipo.isPending) return <Spinner size="sm" role="status" aria-label="Cargando" />;
  if (equipo.isError)
    return <p>{errorMessageOf(equipo.error, 'No fue posible cargar los usuarios.')}</p>;
  const { miembros, invitaciones } = equipo.data;
  return (
    <div className="d-flex flex-column gap-4">
      <Card className="shadow-sm">
        <Card.Body className="p-0">
          <Table responsive className="mb-0 align-middle">
            <thead>
              <tr>
                <th>Usuario</th>
                <th style={{ minWidth: '11rem' }}>Rol</th>
                <th className="d-none d-md-table-cell">Desde</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {miembros.map((m) => (
                <MiembroFila key={m.user_id} m={m} api={api} onChange={refrescar} />
              ))}
            </tbody>
          </Table>
        </Card.Body>
      </Card>
      {invitaciones.length > 0 && (
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h2 className="h5 fw-bold">Invitaciones pendientes</h2>
            <ul className="list-unstyled mb-0">
              {invitaciones.map((i) => (
                <li
                  key={i.id}
                  className="d-flex flex-wrap gap-2 align-items-center py-2 border-top"
                  data-testid="invitacion-pendiente"
                >
                  <span className="fw-semibold text-break">{i.email}</span>
                  <Badge bg="light" text="dark">
                    {ROL_ETIQUETA[i.rol]}
                  </Badge>
                  <span className="small text-body-secondary">
                    {i.vencida ? 'Venció el ' : 'Vence el '}
                    {FECHA.format(new Date(i.vence))}
                  </span>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="ms-auto"
                    onClick={() =>
                      void api.cancelarInvitacion(i.id).then(() => {
                        notify('success', `La invitación a ${i.email} fue cancelada.`);
                        refrescar();
                      })
                    }
                  >
                    Cancelar invitación
                  </Button>
                </li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      )}
      <InvitarForm api={api} onSent={refrescar} />
      {esPropietario && <ComprasAdministradores api={api} />}
    </div>
  );
}
