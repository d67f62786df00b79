import { ClientsImport } from '#src/features/clientes/components/clients-import.tsx';

export default function ClientesImportarScreen() {
  return <ClientsImport />;
}
