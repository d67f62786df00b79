import { usePuede } from '#src/shared/session/permisos.ts';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { ComprobanteDownloads } from './comprobante-downloads.tsx';

/** One labelled value of a document's detail card. */
export function Dato(props: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="mb-3">
      <div className="small text-body-secondary">{props.label}</div>
      <div className="fw-semibold text-break" data-testid={props.testId}>
        {props.children}
      </div>
    </div>
  );
}

/** The folio fiscal of a stamped document, once it has one. */
export function FolioFiscalDato(props: { uuid: string | null | undefined; testId: string }) {
  if (!props.uuid) return null;
  return (
    <Col lg={6}>
      <Dato label="Folio fiscal (UUID)" testId={props.testId}>
        {props.uuid}
      </Dato>
    </Col>
  );
}

/**
 * The head of a document's detail: the way back, its name and status, its files once sealed, the
 * cancel button while it may be cancelled and the document's other actions (children); below, the
 * test-mode notice of a sealed document.
 */
export function DetalleEncabezado(props: {
  back: ReactNode;
  titulo: ReactNode;
  estado: { bg: string; label: string; testId: string };
  comprobanteId: number;
  sellada: boolean;
  cancelar: { label: string; onClick: () => void } | null;
  children?: ReactNode;
}) {
  const canCancel = usePuede('emitir');
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          {props.back}
          <h1 className="h3 fw-bold mb-1 mt-1">{props.titulo}</h1>
          <Badge bg={props.estado.bg} data-testid={props.estado.testId}>
            {props.estado.label}
          </Badge>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {props.sellada && (
            <ComprobanteDownloads
              id={props.comprobanteId}
              variant="outline-primary"
              pdfVariant="primary"
            />
          )}
          {props.cancelar && canCancel && (
            <Button variant="outline-danger" onClick={props.cancelar.onClick}>
              {props.cancelar.label}
            </Button>
          )}
          {props.children}
        </div>
      </div>
      {props.sellada && <SinValidezFiscalAviso className="mb-4" />}
    </>
  );
}
