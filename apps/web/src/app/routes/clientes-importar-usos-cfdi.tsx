import { ClientsImportCatalogPage } from '#src/features/clientes/components/clients-import-catalog.tsx';

export default function ClientesImportarUsosCfdiScreen() {
  return <ClientsImportCatalogPage catalog="usos-cfdi" />;
}
