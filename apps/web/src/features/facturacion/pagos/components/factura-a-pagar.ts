/** An invoice the payment form pays (one, or several of the same customer). */
export interface FacturaAPagar {
  factura_id: number;
  serieFolio: string;
  fecha: string;
  saldo: string;
  client_id: number | null;
  /** The invoice's currency, when it is not the form's `moneda` (several currencies, in MXN). */
  moneda?: string | undefined;
}
