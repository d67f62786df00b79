import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** GET comprobantes/v40/{id}/get-invoice-pdf, saved under the API's file name. */
export function downloadInvoicePdf(id: number): Promise<void> {
  return downloadFile(`comprobantes/v40/${id}/get-invoice-pdf`, `factura-${id}.pdf`);
}

/** GET comprobantes/v40/{id}/get-invoice-xml, saved under the API's file name. */
export function downloadInvoiceXml(id: number): Promise<void> {
  return downloadFile(`comprobantes/v40/${id}/get-invoice-xml`, `factura-${id}.xml`);
}
