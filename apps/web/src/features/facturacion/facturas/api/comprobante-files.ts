import { downloadFile } from '#src/features/facturacion/shared/api/download-file.ts';

/** GET comprobantes/v40/{id}/get-invoice-pdf, saved under the API's file name. */
export function downloadInvoicePdf(id: number): Promise<string> {
  return downloadFile(`comprobantes/v40/${id}/get-invoice-pdf`, `factura-${id}.pdf`);
}

/** GET comprobantes/v40/{id}/get-invoice-xml, saved under the API's file name. */
export function downloadInvoiceXml(id: number): Promise<string> {
  return downloadFile(`comprobantes/v40/${id}/get-invoice-xml`, `factura-${id}.xml`);
}
