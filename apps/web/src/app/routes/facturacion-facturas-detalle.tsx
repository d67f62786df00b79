import { Suspense } from 'react';
import { useParams } from 'react-router';
import { FacturaDetailScreen } from '#src/features/facturacion/facturas/components/factura-detail.tsx';
import { PagosFactura } from '#src/features/facturacion/pagos/components/pagos-factura.tsx';
import { ROUTES } from '../router.tsx';

// The other types' parts of a stamped invoice's detail, as their route groups declare them.
const PARTES = ROUTES.flatMap((r) => (r.parteDeFactura ? [r.parteDeFactura] : []));

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
      partes={(factura) =>
        PARTES.map((Parte, i) => (
          <Suspense key={i} fallback={null}>
            <Parte factura={factura} />
          </Suspense>
        ))
      }
    />
  );
}
