import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import { enterpriseDatosFiscalesApi } from '#src/features/configuraciones/mis-datos-fiscales/api/datos-fiscales-api.ts';
import { DatosFiscalesForm } from '#src/features/configuraciones/mis-datos-fiscales/components/datos-fiscales-form.tsx';
import { getSession, updateEnterprise } from '#src/shared/session/session-store.ts';
import { ConfiguracionPage } from './configuracion-page.tsx';

function Form(props: { enterpriseId: number }) {
  const api = useMemo(() => enterpriseDatosFiscalesApi(props.enterpriseId), [props.enterpriseId]);
  return (
    <DatosFiscalesForm
      api={api}
      onSaved={(d) => {
        const { enterprise } = getSession();
        if (enterprise) {
          updateEnterprise({
            ...enterprise,
            razon_social: d.razon_social,
            nombre_comercial: d.nombre_comercial,
          });
        }
      }}
    />
  );
}

export default function MisDatosFiscalesScreen() {
  return (
    <ConfiguracionPage
      title="Mis datos fiscales"
      description="Los datos del emisor que aparecen en sus facturas, tal como están registrados ante el SAT."
    >
      {(enterpriseId) => (
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <Form enterpriseId={enterpriseId} />
          </Card.Body>
        </Card>
      )}
    </ConfiguracionPage>
  );
}
