import { ClientsImportReport } from '#src/features/clientes/components/clients-import-report.tsx';

export default function ClientesImportarReporteScreen() {
  return <ClientsImportReport />;
}
