import { useParams } from 'react-router';
import { ComprobanteCompartido } from '#src/features/compartir/components/comprobante-compartido.tsx';

/** /compartir/:token — the page a shared invoice link opens, with or without a session. */
export default function CompartirScreen() {
  const { token = '' } = useParams();
  return <ComprobanteCompartido token={token} />;
}
