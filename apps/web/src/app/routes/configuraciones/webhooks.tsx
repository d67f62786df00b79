import { useMemo } from 'react';
import { webhooksApi } from '#src/features/configuraciones/webhooks/api/webhooks-api.ts';
import { Webhooks } from '#src/features/configuraciones/webhooks/components/webhooks.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function WebhooksDeEmpresa(props: { enterpriseId: number }) {
  const api = useMemo(() => webhooksApi(props.enterpriseId), [props.enterpriseId]);
  return <Webhooks api={api} />;
}

export default function WebhooksScreen() {
  return (
    <ConfiguracionPage
      title="Webhooks"
      description="Avisos firmados a su sistema (tienda en línea, punto de venta, ERP) cuando se timbra o cancela un documento, se registra un pago o sus créditos se agotan."
    >
      {(enterpriseId) => <WebhooksDeEmpresa enterpriseId={enterpriseId} />}
    </ConfiguracionPage>
  );
}
