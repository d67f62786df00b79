import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { IMPORT_CLIENTS_FALLBACK_MESSAGE } from '@repo/contracts/clients';
import { ImportUpload } from '#src/shared/ui/list/import-upload.tsx';
import { downloadClientsTemplate } from '../api/download-clients-template.ts';
import { useClientsImportReport } from '../api/get-clients-import-report.ts';
import { useImportClients } from '../api/import-clients.ts';
import { CLIENTS_PATH } from './clients-list.tsx';

export const CLIENTS_IMPORT_REPORT_PATH = '/clientes/importar/reporte';

/** /clientes/importar: download the template, see the catalogues that fill it, upload it. */
export function ClientsImport() {
  const navigate = useNavigate();
  const importClients = useImportClients();
  const lastReport = useClientsImportReport();
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={CLIENTS_PATH}>Mis clientes</Link> / Importar
      </nav>
      <h1 className="h3 fw-bold mb-1">Importar clientes</h1>
      <p className="text-body-secondary mb-4">
        Registre muchos clientes a la vez desde un archivo de Excel.
      </p>
      <Row className="g-4">
        <Col lg={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h5 fw-semibold">1. Descargue y llene la plantilla</h2>
              <p>
                Escriba un cliente por fila. Las columnas obligatorias son nombre o razón social,
                RFC, uso CFDI, régimen fiscal y código postal. Use las claves del SAT de estos
                catálogos:
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
              <Button
                variant="outline-primary"
                disabled={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadClientsTemplate()
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
                id="clients-import-file"
                upload={importClients}
                onImported={() => void navigate(CLIENTS_IMPORT_REPORT_PATH)}
                fallbackMessage={IMPORT_CLIENTS_FALLBACK_MESSAGE}
              />
              {lastReport.data && (
                <p className="small mt-3 mb-0">
                  <Link to={CLIENTS_IMPORT_REPORT_PATH}>
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
