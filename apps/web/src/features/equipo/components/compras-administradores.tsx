import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { getSession, updateEnterprise } from '#src/shared/session/session-store.ts';
import type { EquipoApi } from '../api/equipo-api.ts';

/**
 * The owner's switch (issue 27): whether the enterprise's administrators may buy credits. Shown to
 * the owner only; the API refuses an administrator's purchase from the next request on.
 */
export function ComprasAdministradores(props: { api: EquipoApi }) {
  const { api } = props;
  const queryClient = useQueryClient();
  const actual = useQuery({ queryKey: api.comprasKey, queryFn: api.verCompras });
  const [guardando, setGuardando] = useState(false);
  const cambiar = async (valor: boolean) => {
    setGuardando(true);
    try {
      const data = await api.cambiarCompras({ administradores_compran: valor });
      queryClient.setQueryData(api.comprasKey, data);
      const { enterprise } = getSession();
      if (enterprise) updateEnterprise({ ...enterprise, administradores_compran: valor });
      notify(
        'success',
        valor
          ? 'Los administradores ya pueden comprar créditos.'
          : 'Los administradores ya no pueden comprar créditos.',
      );
    } catch (error) {
      notify('error', errorMessageOf(error, 'No fue posible guardar el cambio.'));
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Card className="shadow-sm" data-testid="compras-administradores">
      <Card.Body className="p-4">
        <h2 className="h5 fw-bold">Compra de créditos</h2>
        {actual.isPending ? (
          <Spinner size="sm" role="status" aria-label="Cargando" />
        ) : actual.isError ? (
          <p className="mb-0">
            {errorMessageOf(actual.error, 'No fue posible cargar esta opción.')}
          </p>
        ) : (
          <>
            <Form.Check
              type="switch"
              id="administradores-compran"
              label="Los administradores pueden comprar créditos"
              checked={actual.data.administradores_compran}
              disabled={guardando}
              onChange={(e) => void cambiar(e.target.checked)}
            />
            <Form.Text className="d-block mt-2">
              Usted, como propietario, siempre puede comprar créditos. Los facturistas y el personal
              de solo lectura nunca compran.
            </Form.Text>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
