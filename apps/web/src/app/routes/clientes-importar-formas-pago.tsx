import { ClientsImportCatalogPage } from '#src/features/clientes/components/clients-import-catalog.tsx';

export default function ClientesImportarFormasPagoScreen() {
  return <ClientsImportCatalogPage catalog="formas-pago" />;
}
