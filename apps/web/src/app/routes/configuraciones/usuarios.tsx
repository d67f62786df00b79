import { useMemo } from 'react';
import { equipoApi } from '#src/features/equipo/api/equipo-api.ts';
import { Usuarios } from '#src/features/equipo/components/usuarios.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function UsuariosDeEmpresa(props: { enterpriseId: number }) {
  const api = useMemo(() => equipoApi(props.enterpriseId), [props.enterpriseId]);
  return <Usuarios api={api} />;
}

export default function UsuariosScreen() {
  return (
    <ConfiguracionPage
      title="Usuarios"
      description="Quienes usan esta empresa y lo que cada uno puede hacer. Invite por correo a su contador o a quien factura en mostrador sin darle los sellos ni su tarjeta."
    >
      {(enterpriseId) => <UsuariosDeEmpresa enterpriseId={enterpriseId} />}
    </ConfiguracionPage>
  );
}
