import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { IMPORT_PRODUCTS_SERVICES_FALLBACK_MESSAGE } from '@repo/contracts/products-services';
import { ImportUpload } from '#src/shared/ui/list/import-upload.tsx';
import { downloadProductsServicesTemplate } from '../api/download-products-services-template.ts';
import { useProductsImportReport } from '../api/get-products-import-report.ts';
import { useImportProductsServices } from '../api/import-products-services.ts';
import { useRubrosImpuestos } from '../api/get-rubros-impuestos.ts';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

export const PRODUCTS_IMPORT_REPORT_PATH = '/productos-servicios/importar/reporte';

/** /productos-servicios/importar: download the template, see the catalogues, upload it. */
export function ProductsServicesImport() {
  const navigate = useNavigate();
  const importProducts = useImportProductsServices();
  const lastReport = useProductsImportReport();
  const rubros = useRubrosImpuestos();
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={PRODUCTS_SERVICES_PATH}>Productos y servicios</Link> / Importar
      </nav>
      <h1 className="h3 fw-bold mb-1">Importar productos y servicios</h1>
      <p className="text-body-secondary mb-4">
        Registre muchos productos y servicios a la vez desde un archivo de Excel.
      </p>
      <Row className="g-4">
        <Col lg={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h5 fw-semibold">1. Descargue y llene la plantilla</h2>
              <p>
                Escriba un producto o servicio por fila, con su clave de producto o servicio y su
                clave de unidad del SAT. Búsquelas en los catálogos oficiales:
              </p>
              <ul>
                <li>
                  <Link to="/productos-servicios/importar/catalogo-productos-servicios">
                    Catálogo de productos y servicios
                  </Link>
                </li>
                <li>
                  <Link to="/productos-servicios/importar/catalogo-unidades-medida">
                    Catálogo de unidades de medida
                  </Link>
                </li>
              </ul>
              {rubros.data && rubros.data.length > 0 && (
                <p className="small">
                  En la columna del grupo de impuestos escriba el nombre de uno de sus grupos:{' '}
                  {rubros.data.map((r) => `«${r.name}»`).join(', ')}.
                </p>
              )}
              <Button
                variant="outline-primary"
                disabled={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadProductsServicesTemplate()
                    .catch(() => undefined) // The download already showed the failure.
                    .finally(() => setDownloading(false));
                }}
              >
                {downloading && <Spinner size="sm" className="me-2" />}
                Descargar plantilla
              </Button>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h5 fw-semibold">2. Suba el archivo</h2>
              <p>
                Cada fila se revisa con las mismas reglas que el formulario. Las filas correctas se
                registran y las demás se rechazan con su motivo en el reporte.
              </p>
              <ImportUpload
                id="products-import-file"
                upload={importProducts}
                onImported={() => void navigate(PRODUCTS_IMPORT_REPORT_PATH)}
                fallbackMessage={IMPORT_PRODUCTS_SERVICES_FALLBACK_MESSAGE}
              />
              {lastReport.data && (
                <p className="small mt-3 mb-0">
                  <Link to={PRODUCTS_IMPORT_REPORT_PATH}>
                    Ver el reporte de la última importación
                  </Link>
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
