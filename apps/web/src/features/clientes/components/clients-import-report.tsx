import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ImportReportView } from '#src/shared/ui/list/import-report-view.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useClientsImportReport } from '../api/get-clients-import-report.ts';
import { CLIENTS_PATH } from './clients-list.tsx';

/** /clientes/importar/reporte: the report of the last import. */
export function ClientsImportReport() {
  const report = useClientsImportReport();
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={CLIENTS_PATH}>Mis clientes</Link> / <Link to="/clientes/importar">Importar</Link>{' '}
        / Reporte
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4">
        <h1 className="h3 fw-bold mb-0">Reporte de importación de clientes</h1>
        <div className="d-flex gap-2">
          <Link className="btn btn-outline-secondary" to="/clientes/importar">
            Importar otro archivo
          </Link>
          <Link className="btn btn-primary" to={CLIENTS_PATH}>
            Ir a Mis clientes
          </Link>
        </div>
      </div>
      {report.isPending ? (
        <ListLoading />
      ) : report.data ? (
        <ImportReportView report={report.data} itemLabel="Cliente" />
      ) : (
        <Alert variant="info">
          Aún no ha importado clientes. <Link to="/clientes/importar">Importe un archivo</Link>.
        </Alert>
      )}
    </>
  );
}
