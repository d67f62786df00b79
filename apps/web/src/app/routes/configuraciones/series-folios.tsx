import { useMemo } from 'react';
import { enterpriseSeriesApi } from '#src/features/configuraciones/series-folios/api/series-api.ts';
import { SeriesFolios } from '#src/features/configuraciones/series-folios/components/series-folios.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function Series(props: { enterpriseId: number }) {
  const api = useMemo(() => enterpriseSeriesApi(props.enterpriseId), [props.enterpriseId]);
  return <SeriesFolios api={api} />;
}

export default function SeriesFoliosScreen() {
  return (
    <ConfiguracionPage
      title="Series y folios"
      description="La serie identifica un grupo de comprobantes; el folio es su número consecutivo."
    >
      {(enterpriseId) => <Series enterpriseId={enterpriseId} />}
    </ConfiguracionPage>
  );
}
