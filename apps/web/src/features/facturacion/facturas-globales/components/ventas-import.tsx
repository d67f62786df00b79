import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  COLUMNAS_VENTAS,
  IMPORT_VENTAS_MESSAGES,
  type ImportacionGlobal,
} from '@repo/contracts/facturas-globales';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DownloadButton } from '#src/shared/ui/list/download-button.tsx';
import { downloadPlantillaVentas, importarVentas } from '../api/facturas-globales.ts';

const ACEPTA =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_REPORTE = 50;

/**
 * The sales of the period from the filled template (xlsx or CSV) or from text pasted from a
 * spreadsheet. Every row comes back with what is wrong with it, so the form keeps the bad ones to be
 * fixed in place; the report lists them by row of the file.
 */
export function VentasImport(props: {
  disabled: boolean;
  hayVentas: boolean;
  onImported: (r: ImportacionGlobal, modo: 'reemplazar' | 'agregar') => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [texto, setTexto] = useState('');
  const [pegar, setPegar] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporte, setReporte] = useState<ImportacionGlobal | null>(null);
  const [modo, setModo] = useState<'reemplazar' | 'agregar'>('reemplazar');

  const enviar = async (input: { file: File } | { texto: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      const r = await importarVentas(input);
      setReporte(r);
      props.onImported(r, props.hayVentas ? modo : 'reemplazar');
      setTexto('');
    } catch (error) {
      setFailure(errorMessageOf(error, IMPORT_VENTAS_MESSAGES.badFile));
    } finally {
      setBusy(false);
    }
  };

  const conError = reporte?.ventas.filter((v) => v.errores.length > 0) ?? [];
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <div>
            <h2 className="h6 fw-bold mb-1">Importar las ventas del periodo</h2>
            <p className="small text-body-secondary mb-0">
              Columnas: {COLUMNAS_VENTAS.join(', ')}. El grupo de impuestos se escribe con el nombre
              de uno de sus grupos; el descuento y el total son opcionales.
            </p>
          </div>
          <DownloadButton variant="outline-secondary" download={downloadPlantillaVentas}>
            Descargar plantilla
          </DownloadButton>
        </div>
        {failure && (
          <Alert variant="danger" data-testid="import-failure">
            {failure}
          </Alert>
        )}
        {props.hayVentas && (
          <div className="mb-2 small">
            <Form.Check
              inline
              type="radio"
              id="import-reemplazar"
              name="import-modo"
              label="Reemplazar las ventas de la tabla"
              checked={modo === 'reemplazar'}
              onChange={() => setModo('reemplazar')}
            />
            <Form.Check
              inline
              type="radio"
              id="import-agregar"
              name="import-modo"
              label="Agregarlas a las de la tabla"
              checked={modo === 'agregar'}
              onChange={() => setModo('agregar')}
            />
          </div>
        )}
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group
            controlId="ventas-archivo"
            className="flex-grow-1"
            style={{ minWidth: '14rem' }}
          >
            <Form.Label className="small fw-semibold">Archivo de Excel (.xlsx) o CSV</Form.Label>
            <Form.Control
              type="file"
              accept={ACEPTA}
              disabled={props.disabled || busy}
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          <Button
            disabled={props.disabled || busy || !file}
            onClick={() => file && void enviar({ file })}
          >
            {busy && <Spinner size="sm" className="me-2" />}
            Importar archivo
          </Button>
          <Button variant="link" onClick={() => setPegar(!pegar)} aria-expanded={pegar}>
            {pegar ? 'Ocultar' : 'Pegar desde una hoja de cálculo'}
          </Button>
        </div>
        {pegar && (
          <Form.Group controlId="ventas-pegar" className="mt-3">
            <Form.Label className="small fw-semibold">
              Pegue las filas copiadas de su hoja de cálculo (una venta por renglón)
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              value={texto}
              placeholder={'T-1001\tIVA 16%\t100.00\t\t116.00'}
              disabled={props.disabled || busy}
              onChange={(e) => setTexto(e.target.value)}
            />
            <Button
              className="mt-2"
              disabled={props.disabled || busy || texto.trim() === ''}
              onClick={() => void enviar({ texto })}
            >
              Agregar ventas pegadas
            </Button>
          </Form.Group>
        )}
        {reporte && (
          <div className="mt-3" data-testid="import-report">
            <Alert variant={reporte.filas_con_error > 0 ? 'warning' : 'success'} className="mb-2">
              Se leyeron {reporte.total_filas.toLocaleString('en-US')} ventas
              {reporte.filas_con_error > 0
                ? `; ${reporte.filas_con_error.toLocaleString('en-US')} con errores, marcadas en rojo en la tabla para que las corrija.`
                : ', todas correctas.'}
            </Alert>
            {conError.length > 0 && (
              <ul className="small mb-0">
                {conError.slice(0, MAX_REPORTE).map((v) => (
                  <li key={v.fila}>
                    Fila {v.fila}
                    {v.folioVenta ? ` (folio ${v.folioVenta})` : ''}: {v.errores.join(' ')}
                  </li>
                ))}
                {conError.length > MAX_REPORTE && (
                  <li>… y {conError.length - MAX_REPORTE} filas más con errores.</li>
                )}
              </ul>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
