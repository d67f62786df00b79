import type { FacturaDetail } from '@repo/contracts/facturas';
import { NotasCreditoFactura } from '#src/features/facturacion/notas-credito/components/notas-credito-factura.tsx';

/** The credit notes of a stamped invoice, on its detail (the route table's `parteDeFactura`). */
export default function FacturacionNotasCreditoFactura({ factura }: { factura: FacturaDetail }) {
  return <NotasCreditoFactura factura={factura} />;
}
