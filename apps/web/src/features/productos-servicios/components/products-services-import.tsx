import { Link } from 'react-router';
import { IMPORT_PRODUCTS_SERVICES_FALLBACK_MESSAGE } from '@repo/contracts/products-services';
import { ImportScreen } from '#src/shared/ui/list/import-screen.tsx';
import { downloadProductsServicesTemplate } from '../api/download-products-services-template.ts';
import { useProductsImportReport } from '../api/get-products-import-report.ts';
import { useImportProductsServices } from '../api/import-products-services.ts';
import { useRubrosImpuestos } from '../api/product-form-api.ts';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

export const PRODUCTS_IMPORT_REPORT_PATH = '/productos-servicios/importar/reporte';

/** /productos-servicios/importar: download the template, see the catalogues, upload it. */
export function ProductsServicesImport() {
  const importProducts = useImportProductsServices();
  const lastReport = useProductsImportReport();
  const rubros = useRubrosImpuestos();
  return (
    <ImportScreen
      listPath={PRODUCTS_SERVICES_PATH}
      listLabel="Productos y servicios"
      title="Importar productos y servicios"
      description="Registre muchos productos y servicios a la vez desde un archivo de Excel."
      templateHelp={
        <>
          <p>
            Escriba un producto o servicio por fila, con su clave de producto o servicio y su clave
            de unidad del SAT. Búsquelas en los catálogos oficiales:
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
        </>
      }
      downloadTemplate={downloadProductsServicesTemplate}
      uploadId="products-import-file"
      upload={importProducts}
      fallbackMessage={IMPORT_PRODUCTS_SERVICES_FALLBACK_MESSAGE}
      reportPath={PRODUCTS_IMPORT_REPORT_PATH}
      hasLastReport={Boolean(lastReport.data)}
    />
  );
}
