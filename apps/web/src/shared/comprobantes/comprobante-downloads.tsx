import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { downloadInvoicePdf, downloadInvoiceXml } from './api/comprobante-files.ts';

type Archivo = 'pdf' | 'xml';

/**
 * "Descargar PDF" and "Descargar XML" of a stamped document of any type: one download at a time,
 * the running one with a spinner; a failure was already shown by the download itself.
 */
export function ComprobanteDownloads(props: {
  id: number;
  variant: string;
  /** The PDF's variant when it differs (the main action of a detail). */
  pdfVariant?: string;
  size?: 'sm';
}) {
  const [busy, setBusy] = useState<Archivo | null>(null);
  const bajar = (archivo: Archivo) => {
    setBusy(archivo);
    (archivo === 'pdf' ? downloadInvoicePdf(props.id) : downloadInvoiceXml(props.id))
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const boton = (archivo: Archivo, texto: string) => (
    <Button
      {...(props.size ? { size: props.size } : {})}
      variant={archivo === 'pdf' ? (props.pdfVariant ?? props.variant) : props.variant}
      disabled={busy !== null}
      onClick={() => bajar(archivo)}
    >
      {busy === archivo && <Spinner size="sm" className="me-2" />}
      {texto}
    </Button>
  );
  return (
    <>
      {boton('pdf', 'Descargar PDF')}
      {boton('xml', 'Descargar XML')}
    </>
  );
}
