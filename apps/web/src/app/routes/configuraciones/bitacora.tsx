import { Bitacora } from '#src/features/configuraciones/bitacora/components/bitacora.tsx';
import { ConfiguracionPage } from './configuracion-page.tsx';

export default function BitacoraScreen() {
  return (
    <ConfiguracionPage
      title="Bitácora"
      description="Cada timbrado, cancelación, envío y cambio de configuración de su empresa: quién lo hizo, cuándo y desde dónde. Nada de lo registrado se puede cambiar ni borrar."
    >
      {(enterpriseId) => <Bitacora enterpriseId={enterpriseId} />}
    </ConfiguracionPage>
  );
}
