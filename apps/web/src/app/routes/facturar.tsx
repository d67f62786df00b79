import { useParams, useSearchParams } from 'react-router';
import { PortalFacturacion } from '#src/features/portal/components/portal-facturacion.tsx';

/** /facturar/:slug — an enterprise's public self-invoicing portal (the ticket's QR opens it). */
export default function FacturarScreen() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  return <PortalFacturacion slug={slug} codigo={params.get('codigo') ?? ''} />;
}
