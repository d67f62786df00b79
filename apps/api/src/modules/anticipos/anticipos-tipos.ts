import type { FacturaDraftRequest } from '@repo/contracts/facturas';
import type { Db } from '../../db/client.ts';

/**
 * What the advance procedure takes from the types whose documents it issues (Guía de llenado 4.0,
 * Apéndice 6): step 1 is an income invoice, step 3 a credit note. The composition root (server.ts)
 * hands them over, so this module imports neither type's folder (issue 25, decision 012).
 */
export interface TiposDelAnticipo {
  /** An income invoice through the invoice type's own stamping; answers its id. */
  emitirFactura: (enterpriseId: number, draft: FacturaDraftRequest) => Promise<number>;
  /** The credit note's draft row and what it takes off each invoice, in the sealing transaction. */
  guardarNotaCredito: (
    tx: Db,
    enterpriseId: number,
    comprobanteId: number,
    fila: FilaDeAplicacion,
    facturas: readonly { factura_id: number; importe: string }[],
  ) => Promise<void>;
}

/** An advance's application as the credit note's draft row stores it (relation 07). */
export interface FilaDeAplicacion {
  client_id: number;
  client_name: string;
  client_rfc: string;
  tipo_relacion: '07';
  motivo: string;
  moneda: string;
  tipo_cambio: string | null;
  subtotal: string;
  total: string;
  draft: Record<string, unknown>;
}
