import { ClientsImportCatalogPage } from '#src/features/clientes/components/clients-import-catalog.tsx';

export default function ClientesImportarRegimenesFiscalesScreen() {
  return <ClientsImportCatalogPage catalog="regimenes-fiscales" />;
}
