import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  type CerFileInfoResponse,
  SELLOS_EXPIRADOS,
  type SellosFiscalesResponse,
} from '@repo/contracts/sellos-fiscales';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError, errorMessageOf } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import type { SellosFiscalesApi } from '../api/sellos-fiscales-api.ts';
import {
  CER_NAME_MAX,
  KEY_NAME_MAX,
  formatCertificateDate,
  shortenFileName,
} from './sellos-display.ts';

export const sellosKey = (scope: string) => ['sellos-fiscales', scope];

/** The certificate data on screen: what is registered, or what the chosen .cer says. */
interface CertificateData {
  certificated_number: string | null;
  rfc: string | null;
  initial_date: string | null;
  expiration_date: string | null;
  is_expired: boolean;
  is_new: boolean;
}

const EMPTY: CertificateData = {
  certificated_number: null,
  rfc: null,
  initial_date: null,
  expiration_date: null,
  is_expired: false,
  is_new: false,
};

type FieldErrors = Partial<Record<'cer_file' | 'key_file' | 'password', string | undefined>>;

function CertificateSummary(props: { data: CertificateData; title: string }) {
  const { data } = props;
  return (
    <div className="border rounded p-3 mb-3 bg-body-tertiary" data-testid="certificado">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 className="h6 fw-bold mb-0">{props.title}</h2>
        {data.is_new && (
          <Badge bg="info" title="Emitido hace 3 días o menos">
            Nuevo
          </Badge>
        )}
        {data.is_expired && <Badge bg="danger">Expirado</Badge>}
      </div>
      <dl className="row mb-0 small">
        <dt className="col-sm-4">Número de certificado</dt>
        <dd className="col-sm-8 font-monospace" data-testid="certificado-numero">
          {data.certificated_number ?? '—'}
        </dd>
        <dt className="col-sm-4">RFC</dt>
        <dd className="col-sm-8 font-monospace" data-testid="certificado-rfc">
          {data.rfc ?? '—'}
        </dd>
        <dt className="col-sm-4">Vigencia</dt>
        <dd className="col-sm-8 mb-0" data-testid="certificado-vigencia">
          Del {formatCertificateDate(data.initial_date)} al{' '}
          {formatCertificateDate(data.expiration_date)}
        </dd>
      </dl>
    </div>
  );
}

/**
 * Sellos y certificados digitales: the registered certificate, and the upload of a new .cer + .key +
 * password (checked by the server before anything is saved).
 */
export function SellosForm(props: {
  api: SellosFiscalesApi;
  onSaved?: (sellos: SellosFiscalesResponse) => void;
}) {
  const sellos = useQuery({ queryKey: sellosKey(props.api.scope), queryFn: props.api.get });
  if (sellos.isPending) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner />
      </div>
    );
  }
  if (sellos.isError) {
    return <Alert variant="danger">No fue posible consultar sus sellos digitales.</Alert>;
  }
  return <LoadedSellos {...props} sellos={sellos.data} />;
}

function LoadedSellos(props: {
  api: SellosFiscalesApi;
  sellos: SellosFiscalesResponse;
  onSaved?: (sellos: SellosFiscalesResponse) => void;
}) {
  const { api, sellos } = props;
  const queryClient = useQueryClient();
  const registered = sellos.sellos_fiscales_registered;
  const [editing, setEditing] = useState(!registered);
  // Spec section 4: edit mode clears the displayed certificate data and keeps a backup.
  const [shown, setShown] = useState<CertificateData>(registered ? sellos : EMPTY);
  const [backup, setBackup] = useState<CertificateData | null>(null);
  const [cer, setCer] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [inputs, setInputs] = useState(0);

  const clearSelection = () => {
    setCer(null);
    setKey(null);
    setPassword('');
    setErrors({});
    setFailure(null);
    setInputs((n) => n + 1);
  };

  const startEditing = () => {
    setBackup(shown);
    setShown(EMPTY);
    clearSelection();
    setEditing(true);
  };

  const cancel = () => {
    setShown(backup ?? sellos);
    setBackup(null);
    clearSelection();
    setEditing(false);
  };

  const chooseCer = async (file: File | undefined) => {
    setErrors((e) => ({ ...e, cer_file: undefined }));
    setFailure(null);
    if (!file) {
      setCer(null);
      setShown(EMPTY);
      return;
    }
    setCer(file);
    setReading(true);
    try {
      const info: CerFileInfoResponse = await api.getCerFileInfo(file);
      setShown(info);
    } catch (error) {
      // Spec section 8, item 9: a certificate that cannot be read clears the file and its data.
      setCer(null);
      setShown(EMPTY);
      setInputs((n) => n + 1);
      const message =
        error instanceof ApiError && error.fieldErrors.cer_file?.[0]
          ? error.fieldErrors.cer_file[0]
          : errorMessageOf(error, 'No fue posible leer el certificado.');
      setErrors((e) => ({ ...e, cer_file: message }));
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    const missing: FieldErrors = {};
    if (!cer) missing.cer_file = 'Seleccione el archivo del certificado (.cer).';
    if (!key) missing.key_file = 'Seleccione el archivo de la llave privada (.key).';
    if (!password) missing.password = 'Escriba la contraseña de la llave privada.';
    setErrors(missing);
    setFailure(null);
    if (!cer || !key || !password) return;
    setSaving(true);
    try {
      const saved = await api.save({ cer, key, password });
      queryClient.setQueryData(sellosKey(api.scope), saved);
      setShown(saved);
      setBackup(null);
      clearSelection();
      setEditing(false);
      notify('success', 'Sellos digitales guardados.');
      props.onSaved?.(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const placed: FieldErrors = {
        cer_file: fields.cer_file?.[0],
        key_file: fields.key_file?.[0],
        password: fields.password?.[0],
      };
      if (placed.cer_file || placed.key_file || placed.password) setErrors(placed);
      else setFailure(inlineErrorOf(error));
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div data-testid="sellos-registrados">
        {shown.is_expired && <Alert variant="danger">{SELLOS_EXPIRADOS}</Alert>}
        <CertificateSummary data={shown} title="Sellos digitales registrados" />
        <p className="small text-body-secondary">
          Certificado: {shortenFileName(sellos.original_cer_file_name ?? '—', CER_NAME_MAX)}
          <br />
          Llave privada: {shortenFileName(sellos.original_key_file_name ?? '—', KEY_NAME_MAX)}
        </p>
        <Button variant="outline-primary" onClick={startEditing}>
          Editar
        </Button>
      </div>
    );
  }

  const expired = shown.is_expired && cer !== null;
  return (
    <Form
      noValidate
      aria-label="Sellos digitales"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {failure && <Alert variant="warning">{failure}</Alert>}
      <p className="text-body-secondary">
        Suba el certificado (.cer) y la llave privada (.key) de su Certificado de Sello Digital
        (CSD), con la contraseña de la llave. No es su e.firma (FIEL).
      </p>
      <Row>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="sellos-cer">
            <Form.Label className="fw-semibold">Certificado (.cer)</Form.Label>
            <Form.Control
              key={`cer-${inputs}`}
              type="file"
              accept=".cer"
              isInvalid={Boolean(errors.cer_file)}
              disabled={saving}
              onChange={(e) => void chooseCer((e.target as HTMLInputElement).files?.[0])}
            />
            {errors.cer_file ? (
              <Form.Control.Feedback type="invalid" className="d-block">
                {errors.cer_file}
              </Form.Control.Feedback>
            ) : (
              cer && <Form.Text muted>{shortenFileName(cer.name, CER_NAME_MAX)}</Form.Text>
            )}
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="sellos-key">
            <Form.Label className="fw-semibold">Llave privada (.key)</Form.Label>
            <Form.Control
              key={`key-${inputs}`}
              type="file"
              accept=".key"
              isInvalid={Boolean(errors.key_file)}
              disabled={saving}
              onChange={(e) => {
                setKey((e.target as HTMLInputElement).files?.[0] ?? null);
                setErrors((x) => ({ ...x, key_file: undefined }));
              }}
            />
            {errors.key_file ? (
              <Form.Control.Feedback type="invalid" className="d-block">
                {errors.key_file}
              </Form.Control.Feedback>
            ) : (
              key && <Form.Text muted>{shortenFileName(key.name, KEY_NAME_MAX)}</Form.Text>
            )}
          </Form.Group>
        </Col>
      </Row>
      {reading ? (
        <div className="mb-3" role="status">
          <Spinner size="sm" className="me-2" />
          Leyendo el certificado…
        </div>
      ) : (
        cer && <CertificateSummary data={shown} title="Certificado seleccionado" />
      )}
      {expired && <Alert variant="danger">{SELLOS_EXPIRADOS}</Alert>}
      <Form.Group className="mb-3" controlId="sellos-password" style={{ maxWidth: 360 }}>
        <Form.Label className="fw-semibold">Contraseña de la llave privada</Form.Label>
        <Form.Control
          type="password"
          autoComplete="off"
          value={password}
          isInvalid={Boolean(errors.password)}
          disabled={saving}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
        />
        {errors.password && (
          <Form.Control.Feedback type="invalid" className="d-block">
            {errors.password}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <div className="d-flex gap-2 justify-content-end">
        {registered && (
          <Button variant="outline-secondary" onClick={cancel} disabled={saving}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={saving || reading || expired}>
          {saving && <Spinner size="sm" className="me-2" />}
          Guardar sellos
        </Button>
      </div>
    </Form>
  );
}
