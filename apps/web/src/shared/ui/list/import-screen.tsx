import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import { DownloadButton } from './download-button.tsx';
import { ImportUpload } from './import-upload.tsx';

/**
 * The import screen of a list: 1. download the template (with the list's own help to fill it),
 * 2. upload it; a successful import opens the report.
 */
export function ImportScreen<R>(props: {
  listPath: string;
  listLabel: string;
  title: string;
  description: string;
  /** How to fill the template: the paragraphs and catalogue links above the download button. */
  templateHelp: ReactNode;
  downloadTemplate: () => Promise<unknown>;
  uploadId: string;
  upload: (file: File) => Promise<R>;
  fallbackMessage: string;
  reportPath: string;
  hasLastReport: boolean;
}) {
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={props.listPath}>{props.listLabel}</Link> / Importar
      </nav>
      <h1 className="h3 fw-bold mb-1">{props.title}</h1>
      <p className="text-body-secondary mb-4">{props.description}</p>
      <Row className="g-4">
        <Col lg={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h5 fw-semibold">1. Descargue y llene la plantilla</h2>
              {props.templateHelp}
              <DownloadButton variant="outline-primary" download={props.downloadTemplate}>
                Descargar plantilla
              </DownloadButton>
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
                id={props.uploadId}
                upload={props.upload}
                onImported={() => void navigate(props.reportPath)}
                fallbackMessage={props.fallbackMessage}
              />
              {props.hasLastReport && (
                <p className="small mt-3 mb-0">
                  <Link to={props.reportPath}>Ver el reporte de la última importación</Link>
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
