import { z } from 'zod';
import { Rfc } from './enterprises.ts';
import { Rol } from './equipo.ts';

// Several enterprises per login (issue 27): adding an RFC from within the session, and the
// accountant's overview across the user's enterprises ("Mis empresas").

/** POST /api/empresas: the RFC of the enterprise to add (the wizard's tax data step completes it). */
export const NuevaEmpresaRequest = z.object({ rfc: Rfc });
export type NuevaEmpresaRequest = z.infer<typeof NuevaEmpresaRequest>;

/**
 * POST /api/empresas (201) and POST /api/empresas/:enterpriseId/configuracion-inicial (200): the
 * new-client token of the enterprise's initial configuration, which the SPA opens at
 * /configuracion-inicial/{new_client_token}; finishing it answers a session on that enterprise.
 */
export const ConfiguracionEmpresaResponse = z.object({
  enterprise_id: z.number().int(),
  new_client_token: z.string(),
});
export type ConfiguracionEmpresaResponse = z.infer<typeof ConfiguracionEmpresaResponse>;

/** Days ahead in which a seal about to expire is pointed out. */
export const SELLO_AVISO_DIAS = 30;

/** One of the user's enterprises on the overview, with its figures. */
export const EmpresaResumen = z.object({
  id: z.number().int(),
  rfc: z.string(),
  razon_social: z.string(),
  nombre_comercial: z.string(),
  rol: Rol,
  /** False while its initial configuration is not finished (the figures are then empty). */
  configurada: z.boolean(),
  /** Its credits left (each enterprise has its own balance: decision 013). */
  creditos: z.number().int(),
  /** Income invoices stamped and in force with a CFDI Fecha in the current month (Mexico City). */
  facturas_mes: z.number().int(),
  /**
   * PPD invoices with a payment received before this month whose complement is not stamped: the
   * SAT expects it by the 5th of the month after the payment (cfdi40-rules 7.8).
   */
  complementos_por_emitir: z.number().int(),
  /** Comprobantes whose cancellation waits for the receiver's answer or the SAT. */
  cancelaciones_en_proceso: z.number().int(),
  /** The current seal's expiry (ISO), or null without seals. */
  sello_vence: z.string().nullable(),
  /** The current seal has expired. */
  sello_vencido: z.boolean(),
  /** The current seal has expired or expires within SELLO_AVISO_DIAS days. */
  sello_por_vencer: z.boolean(),
});
export type EmpresaResumen = z.infer<typeof EmpresaResumen>;

/** GET /api/empresas/resumen: the active enterprise first, then the others by name. */
export const EmpresasResumenResponse = z.object({
  /** `AAAA-MM` of the month counted in facturas_mes. */
  mes: z.string(),
  empresas: z.array(EmpresaResumen),
});
export type EmpresasResumenResponse = z.infer<typeof EmpresasResumenResponse>;

export const CONFIGURACION_TERMINADA_MESSAGE =
  'La configuración inicial de esa empresa ya está terminada: cámbiese a ella desde el menú de su cuenta.';
