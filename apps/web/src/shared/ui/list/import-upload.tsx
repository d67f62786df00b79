import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { XLSX_ONLY_MESSAGE, importFailureMessage, isXlsxFile } from './import-message.ts';

/**
 * Choose the filled-in template and send it. A failed import shows the server's reason, or the
 * list's fallback message (spec section 8, item 7); the server imports nothing from a malformed file.
 */
export function ImportUpload<R>(props: {
  id: string;
  upload: (file: File) => Promise<R>;
  onImported: (report: R) => void;
  fallbackMessage: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    if (!file || !isXlsxFile(file)) {
      setFailure(XLSX_ONLY_MESSAGE);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      props.onImported(await props.upload(file));
    } catch (error) {
      setFailure(importFailureMessage(error, props.fallbackMessage));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {failure && (
        <Alert variant="danger" data-testid="import-failure">
          {failure}
        </Alert>
      )}
      <Form.Group controlId={props.id} className="mb-3">
        <Form.Label className="fw-semibold">Archivo de Excel (.xlsx)</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
            setFile(chosen);
            setFailure(chosen && !isXlsxFile(chosen) ? XLSX_ONLY_MESSAGE : null);
          }}
        />
      </Form.Group>
      <Button type="submit" disabled={busy || !file}>
        {busy && <Spinner size="sm" className="me-2" />}
        {busy ? 'Importando…' : 'Importar'}
      </Button>
    </Form>
  );
}
