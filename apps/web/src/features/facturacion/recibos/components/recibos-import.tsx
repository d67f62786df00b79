import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  COLUMNAS_RECIBOS,
  IMPORT_RECIBOS_MENSAJES,
  type ReciboImportResponse,
} from '@repo/contracts/recibos-importacion';
import { ApiError, errorMessageOf } from '#src/shared/http/api-error.ts';
import { DownloadButton } from '#src/shared/ui/list/download-button.tsx';
import type { RecibosApi } from '../api/recibos-api.ts';

const ACEPTA =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_ERRORES = 50;

/**
 * "Importar recibos": the sales of a spreadsheet (xlsx or CSV), all or none. A file with errors
 * records nothing and lists every error by row and column.
 */
export function RecibosImport(props: { api: RecibosApi; show: boolean; onHide: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errores, setErrores] = useState<string[]>([]);
  const [hecho, setHecho] = useState<ReciboImportResponse | null>(null);

  const cerrar = () => {
    setFile(null);
    setErrores([]);
    setHecho(null);
    props.onHide();
  };

  const importar = async () => {
    if (!file) return;
    setBusy(true);
    setErrores([]);
    setHecho(null);
    try {
      const r = await props.api.importar(file);
      setHecho(r);
      await queryClient.invalidateQueries({ queryKey: props.api.key });
    } catch (error) {
      const lista = error instanceof ApiError ? error.fieldErrors.archivo : undefined;
      setErrores(lista ?? [errorMessageOf(error, IMPORT_RECIBOS_MENSAJES.badFile)]);
    } finally {
      setBusy(false);
    }
  };

  const folios = hecho?.recibos.map((r) => r.folio) ?? [];
  return (
    <Modal show={props.show} onHide={cerrar} size="lg" fullscreen="sm-down">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Importar recibos
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          Una fila por partida; las filas con el mismo ticket forman un recibo. Columnas:{' '}
          {COLUMNAS_RECIBOS.join(', ')}. El producto se escribe con su clave interna o su
          descripción; el precio y el grupo de impuestos, si se dejan vacíos, son los del producto.
          Si una fila tiene un error no se importa ningún recibo.
        </p>
        <DownloadButton variant="outline-secondary" download={props.api.plantilla}>
          Descargar plantilla
        </DownloadButton>
        <Form.Group controlId="recibos-archivo" className="mt-3">
          <Form.Label className="small fw-semibold">Archivo de Excel (.xlsx) o CSV</Form.Label>
          <Form.Control
            type="file"
            accept={ACEPTA}
            disabled={busy}
            onChange={(e) => {
              setFile((e.target as HTMLInputElement).files?.[0] ?? null);
              setErrores([]);
              setHecho(null);
            }}
          />
        </Form.Group>
        {hecho && (
          <Alert variant="success" className="mt-3 mb-0" data-testid="recibos-importados">
            {hecho.importados === 1
              ? `Se importó 1 recibo (folio ${folios[0]}).`
              : `Se importaron ${hecho.importados.toLocaleString('en-US')} recibos (folios ${folios[0]} a ${folios[folios.length - 1]}).`}{' '}
            Cada uno tiene su código y QR para que su cliente lo facture.
          </Alert>
        )}
        {errores.length > 0 && (
          <Alert variant="danger" className="mt-3 mb-0" data-testid="recibos-import-errores">
            <div className="fw-semibold">{errores[0]}</div>
            {errores.length > 1 && (
              <ul className="small mb-0 mt-1">
                {errores.slice(1, MAX_ERRORES + 1).map((m) => (
                  <li key={m}>{m}</li>
                ))}
                {errores.length > MAX_ERRORES + 1 && (
                  <li>… y {errores.length - MAX_ERRORES - 1} errores más.</li>
                )}
              </ul>
            )}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={cerrar}>
          Cerrar
        </Button>
        <Button disabled={busy || !file} onClick={() => void importar()}>
          {busy && <Spinner size="sm" className="me-2" />}
          Importar archivo
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
