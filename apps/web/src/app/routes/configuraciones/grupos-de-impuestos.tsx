import { useMemo } from 'react';
import { enterpriseRubrosApi } from '#src/features/configuraciones/grupos-de-impuestos/api/rubros-impuestos-api.ts';
import { ImpuestosEmpresa } from '#src/features/configuraciones/grupos-de-impuestos/components/impuestos-empresa.tsx';
import { RubrosList } from '#src/features/configuraciones/grupos-de-impuestos/components/rubros-list.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function Rubros(props: { enterpriseId: number }) {
  const api = useMemo(() => enterpriseRubrosApi(props.enterpriseId), [props.enterpriseId]);
  return <RubrosList api={api} />;
}

export default function GruposDeImpuestosScreen() {
  return (
    <ConfiguracionPage
      title="Grupos de impuestos"
      description="Un grupo de impuestos reúne los impuestos que se aplican a un producto o servicio."
    >
      {(enterpriseId) => (
        <div className="d-flex flex-column gap-4">
          <Rubros enterpriseId={enterpriseId} />
          <ImpuestosEmpresa />
        </div>
      )}
    </ConfiguracionPage>
  );
}
