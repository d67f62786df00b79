import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ImportReportView } from '#src/shared/ui/list/import-report-view.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useProductsImportReport } from '../api/get-products-import-report.ts';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

/** /productos-servicios/importar/reporte: the report of the last import. */
export function ProductsServicesImportReport() {
  const report = useProductsImportReport();
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={PRODUCTS_SERVICES_PATH}>Productos y servicios</Link> /{' '}
        <Link to="/productos-servicios/importar">Importar</Link> / Reporte
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4">
        <h1 className="h3 fw-bold mb-0">Reporte de importación de productos y servicios</h1>
        <div className="d-flex gap-2">
          <Link className="btn btn-outline-secondary" to="/productos-servicios/importar">
            Importar otro archivo
          </Link>
          <Link className="btn btn-primary" to={PRODUCTS_SERVICES_PATH}>
            Ir a Productos y servicios
          </Link>
        </div>
      </div>
      {report.isPending ? (
        <ListLoading />
      ) : report.data ? (
        <ImportReportView report={report.data} itemLabel="Producto o servicio" />
      ) : (
        <Alert variant="info">
          Aún no ha importado productos o servicios.{' '}
          <Link to="/productos-servicios/importar">Importe un archivo</Link>.
        </Alert>
      )}
    </>
  );
}
