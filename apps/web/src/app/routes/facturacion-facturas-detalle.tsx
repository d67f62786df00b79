import { useParams } from 'react-router';
import { FacturaDetailScreen } from '#src/features/facturacion/facturas/components/factura-detail.tsx';
import { NotasCreditoFactura } from '#src/features/facturacion/notas-credito/components/notas-credito-factura.tsx';
import { PagosFactura } from '#src/features/facturacion/pagos/components/pagos-factura.tsx';

export default function FacturacionFacturasDetalleScreen() {
  const { facturaId } = useParams();
  const id = /^\d+$/.test(facturaId ?? '') ? Number(facturaId) : 0;
  return (
    <FacturaDetailScreen
      key={id}
      facturaId={id}
      pagos={(factura, abrirFormulario) => (
        <PagosFactura factura={factura} abrirFormulario={abrirFormulario} />
      )}
      notasCredito={(factura) => <NotasCreditoFactura factura={factura} />}
    />
  );
}
