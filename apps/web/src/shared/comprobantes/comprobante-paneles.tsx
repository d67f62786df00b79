import { usePuede } from '#src/shared/session/permisos.ts';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ComprobanteType } from '@repo/contracts/comprobantes';
import { HistorialComprobante } from './historial-comprobante.tsx';
import { SendEmailPanel } from './send-email-panel.tsx';
import { ShareInvoicePanel } from './share-invoice-panel.tsx';

/**
 * A stamped document's "send by e-mail" and "share" panels, side by side on a wide screen, and
 * its history (who did what with it, issue 27) below them, which every role sees.
 */
export function ComprobantePaneles(props: {
  comprobanteId: number;
  comprobanteType: ComprobanteType;
  /** The client whose e-mails are proposed; null for a global invoice. */
  clientId: number | null;
  className: string;
}) {
  // Sending and sharing are an issuer's actions: a read-only role (issue 27) downloads instead.
  const canSend = usePuede('emitir');
  const historial = <HistorialComprobante comprobanteId={props.comprobanteId} className="mt-3" />;
  if (!canSend) return <div className={props.className}>{historial}</div>;
  return (
    <div className={props.className}>
      <Row>
        <Col lg={6}>
          <SendEmailPanel
            comprobanteId={props.comprobanteId}
            comprobanteType={props.comprobanteType}
            clientId={props.clientId}
          />
        </Col>
        <Col lg={6}>
          <ShareInvoicePanel
            comprobanteId={props.comprobanteId}
            comprobanteType={props.comprobanteType}
          />
        </Col>
      </Row>
      {historial}
    </div>
  );
}
