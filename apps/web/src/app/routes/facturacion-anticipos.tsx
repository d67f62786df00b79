import { AnticiposPantalla } from '#src/features/facturacion/anticipos/components/anticipos-pantalla.tsx';

/** The advance screen links to the income invoices and credit notes by their paths (decision 012). */
const rutas = {
  factura: (id: number) => `/facturacion/facturas/detalle/${String(id)}`,
  facturaFinal: (a: { uuid: string | null; client_id: number }) =>
    `/facturacion/facturas/nuevo?anticipo=${a.uuid ?? ''}&cliente=${String(a.client_id)}`,
  nota: (id: number) => `/facturacion/notas-credito/detalle/${String(id)}`,
};

export default function FacturacionAnticiposScreen() {
  return <AnticiposPantalla rutas={rutas} />;
}
