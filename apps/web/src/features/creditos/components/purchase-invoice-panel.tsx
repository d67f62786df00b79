import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { CreditPayment } from '@repo/contracts/credits';
import { ApiError } from '#src/shared/http/api-error.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { downloadFile } from '#src/shared/ui/list/download-file.ts';
import { useInvoicePurchase } from '../api/invoice-purchase.ts';

/**
 * The invoice of a purchase: "Facturar esta compra" for a paid order; the stamped invoice's folio,
 * UUID and its PDF and XML for an invoiced one.
 */
export function PurchaseInvoicePanel({ payment }: { payment: CreditPayment }) {
  const { enterprise } = useSession();
  const invoice = useInvoicePurchase();
  const error =
    invoice.error instanceof ApiError
      ? (invoice.error.apiErrorClientMessage ?? invoice.error.message)
      : invoice.error
        ? 'No fue posible facturar la compra. Inténtelo de nuevo.'
        : null;
  if (payment.status !== 'paid' && payment.status !== 'invoiced') return null;
  const data = payment.invoice_data;
  return (
    <Card className="shadow-sm" as="section" aria-labelledby="invoice-title">
      <Card.Body>
        <Card.Title as="h2" id="invoice-title" className="h5">
          Factura de la compra
        </Card.Title>
        {payment.status === 'invoiced' && data ? (
          <div data-testid="purchase-invoice">
            <p className="mb-1">
              Factura{' '}
              <strong>
                {[data.serie, data.folio].filter((x) => x !== null && x !== '').join('-')}
              </strong>{' '}
              · UUID <span className="font-monospace small">{data.uuid}</span>
            </p>
            <p className="small text-body-secondary">
              Le enviamos el PDF y el XML a su correo electrónico.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="outline-primary"
                onClick={() =>
                  void downloadFile(
                    `user-credits-payments/${payment.id}/invoice-pdf`,
                    'factura.pdf',
                  )
                }
              >
                Descargar PDF
              </Button>
              <Button
                variant="outline-primary"
                onClick={() =>
                  void downloadFile(
                    `user-credits-payments/${payment.id}/invoice-xml`,
                    'factura.xml',
                  )
                }
              >
                Descargar XML
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="text-body-secondary">
              Emitimos un CFDI de ingreso a los datos fiscales de su empresa por el precio pagado,
              con IVA desglosado, y se lo enviamos por correo electrónico.
            </p>
            {error && (
              <Alert variant="danger" data-testid="invoice-error">
                {error}{' '}
                {/datos fiscales/i.test(error) && (
                  <Alert.Link as={Link} to="/configuraciones/mis-datos-fiscales">
                    Ir a Mis datos fiscales
                  </Alert.Link>
                )}
              </Alert>
            )}
            <Button
              disabled={invoice.isPending || !enterprise}
              onClick={() =>
                enterprise &&
                invoice.mutate({
                  client_enterprise_id: enterprise.id,
                  user_credit_payment_id: payment.id,
                })
              }
            >
              {invoice.isPending && <Spinner size="sm" className="me-2" />}
              Facturar esta compra
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
