import { Link } from 'react-router';
import { IMPORT_CLIENTS_FALLBACK_MESSAGE } from '@repo/contracts/clients';
import { ImportScreen } from '#src/shared/ui/list/import-screen.tsx';
import { downloadClientsTemplate } from '../api/download-clients-template.ts';
import { useClientsImportReport } from '../api/get-clients-import-report.ts';
import { useImportClients } from '../api/import-clients.ts';
import { CLIENTS_PATH } from './clients-list.tsx';

export const CLIENTS_IMPORT_REPORT_PATH = '/clientes/importar/reporte';

/** /clientes/importar: download the template, see the catalogues that fill it, upload it. */
export function ClientsImport() {
  const importClients = useImportClients();
  const lastReport = useClientsImportReport();
  return (
    <ImportScreen
      listPath={CLIENTS_PATH}
      listLabel="Mis clientes"
      title="Importar clientes"
      description="Registre muchos clientes a la vez desde un archivo de Excel."
      templateHelp={
        <>
          <p>
            Escriba un cliente por fila. Las columnas obligatorias son nombre o razón social, RFC,
            uso CFDI, régimen fiscal y código postal. Use las claves del SAT de estos catálogos:
          </p>
          <ul>
            <li>
              <Link to="/clientes/importar/usos-cfdi">Usos del CFDI</Link>
            </li>
            <li>
              <Link to="/clientes/importar/regimenes-fiscales">Regímenes fiscales</Link>
            </li>
            <li>
              <Link to="/clientes/importar/formas-pago">Formas de pago</Link>
            </li>
          </ul>
        </>
      }
      downloadTemplate={downloadClientsTemplate}
      uploadId="clients-import-file"
      upload={importClients}
      fallbackMessage={IMPORT_CLIENTS_FALLBACK_MESSAGE}
      reportPath={CLIENTS_IMPORT_REPORT_PATH}
      hasLastReport={Boolean(lastReport.data)}
    />
  );
}
