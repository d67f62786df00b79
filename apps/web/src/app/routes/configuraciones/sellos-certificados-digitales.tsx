import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import { enterpriseSellosFiscalesApi } from '#src/features/configuraciones/sellos-certificados-digitales/api/sellos-fiscales-api.ts';
import { SellosForm } from '#src/features/configuraciones/sellos-certificados-digitales/components/sellos-form.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

function Sellos(props: { enterpriseId: number }) {
  const api = useMemo(() => enterpriseSellosFiscalesApi(props.enterpriseId), [props.enterpriseId]);
  return <SellosForm api={api} />;
}

export default function SellosCertificadosDigitalesScreen() {
  return (
    <ConfiguracionPage
      title="Sellos y certificados digitales"
      description="Con su Certificado de Sello Digital (CSD) se sellan sus facturas antes de timbrarlas."
    >
      {(enterpriseId) => (
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <Sellos enterpriseId={enterpriseId} />
          </Card.Body>
        </Card>
      )}
    </ConfiguracionPage>
  );
}
