import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Image from 'react-bootstrap/Image';
import Spinner from 'react-bootstrap/Spinner';
import {
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type DatosFiscalesResponse,
} from '@repo/contracts/datos-fiscales';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import type { DatosFiscalesApi } from '../api/datos-fiscales-api.ts';

/** The image types the API accepts for a logo. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The local check before an upload: image type and size (the API checks again). */
export function logoFileError(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

/** Logo upload, preview and delete. */
export function LogoField(props: {
  api: DatosFiscalesApi;
  logo: string | null;
  onChanged: (datos: DatosFiscalesResponse) => void;
}) {
  const { api, logo } = props;
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!logo) return;
    let url: string | null = null;
    let current = true;
    api.loadLogo(logo).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      },
      () => {
        if (current) setPreview(null);
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, logo]);

  const upload = async (file: File | undefined) => {
    setInputKey((k) => k + 1);
    if (!file) return;
    const local = logoFileError(file);
    setError(local);
    if (local) return;
    setBusy(true);
    try {
      props.onChanged(await api.uploadLogo(file));
      notify('success', 'Logotipo guardado.');
    } catch (e) {
      setError(errorMessageOf(e, 'No fue posible guardar el logotipo.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    confirmDelete({
      message: '¿Desea eliminar el logotipo de su empresa?',
      onAccept: async () => {
        const datos = await api.deleteLogo();
        setPreview(null);
        props.onChanged(datos);
        notify('success', 'Logotipo eliminado.');
      },
    });

  const shown = logo ? preview : null;
  return (
    <Form.Group className="mb-3" controlId="datos-fiscales-logo">
      <Form.Label className="fw-semibold">Logotipo (opcional)</Form.Label>
      <div className="d-flex align-items-center gap-3 flex-wrap">
        <div
          className="border rounded d-flex align-items-center justify-content-center bg-white"
          style={{ width: 160, height: 100 }}
        >
          {shown ? (
            <Image
              src={shown}
              alt="Logotipo de la empresa"
              style={{ maxWidth: 150, maxHeight: 90 }}
            />
          ) : (
            <span className="text-body-secondary small">Sin logotipo</span>
          )}
        </div>
        <div className="flex-grow-1" style={{ minWidth: 220 }}>
          <Form.Control
            key={inputKey}
            type="file"
            accept={LOGO_TYPES.join(',')}
            disabled={busy}
            isInvalid={Boolean(error)}
            onChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])}
          />
          {error ? (
            <Form.Control.Feedback type="invalid" className="d-block">
              {error}
            </Form.Control.Feedback>
          ) : (
            <Form.Text muted>
              PNG, JPG o WEBP de hasta 1 MB. Aparece en el PDF de sus facturas.
            </Form.Text>
          )}
        </div>
        {busy && <Spinner size="sm" />}
        {logo && (
          <Button variant="outline-danger" size="sm" onClick={remove} disabled={busy}>
            Eliminar logotipo
          </Button>
        )}
      </div>
    </Form.Group>
  );
}
