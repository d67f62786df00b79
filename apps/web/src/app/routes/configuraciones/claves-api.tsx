import { useMemo } from 'react';
import { clavesApi } from '#src/features/configuraciones/claves-api/api/claves-api.ts';
import { ClavesApiPantalla } from '#src/features/configuraciones/claves-api/components/claves-api.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function ClavesDeEmpresa(props: { enterpriseId: number }) {
  const api = useMemo(() => clavesApi(props.enterpriseId), [props.enterpriseId]);
  return <ClavesApiPantalla api={api} />;
}

export default function ClavesApiScreen() {
  return (
    <ConfiguracionPage
      title="Claves de API"
      description="Claves con las que su punto de venta, tienda en línea o ERP usa este servicio en nombre de su empresa, con los permisos que usted elija."
    >
      {(enterpriseId) => <ClavesDeEmpresa enterpriseId={enterpriseId} />}
    </ConfiguracionPage>
  );
}
