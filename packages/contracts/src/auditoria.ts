import { z } from 'zod';
import { PageQuery } from './envelope.ts';

// Who did what (issue 27): the enterprise's log ("Bitácora", owners and administrators) and each
// document's history (everyone who sees the document). Written by apps/api/src/modules/auditoria;
// nothing in it is ever changed or deleted through the product.

/** Every action the log records, with how the screens say it (the actor's verb, in past tense). */
export const ACCION_ETIQUETA = {
  timbrado: 'Timbró el comprobante',
  timbrado_rechazado: 'El PAC rechazó el timbrado',
  cancelacion_solicitada: 'Solicitó la cancelación',
  cancelacion_resultado: 'Resultado de la cancelación',
  sustitucion: 'Sustituyó el comprobante',
  envio_email: 'Envió el comprobante por correo',
  enlace_creado: 'Creó un enlace para compartir',
  enlace_revocado: 'Revocó un enlace para compartir',
  sellos_cargados: 'Cargó sellos digitales (CSD)',
  datos_fiscales_cambiados: 'Cambió los datos fiscales',
  serie_creada: 'Creó una serie',
  serie_cambiada: 'Cambió una serie',
  serie_eliminada: 'Eliminó una serie',
  creditos_comprados: 'Compró créditos',
  usuario_invitado: 'Invitó a un usuario',
  invitacion_cancelada: 'Canceló una invitación',
  rol_cambiado: 'Cambió el rol de un usuario',
  usuario_quitado: 'Quitó a un usuario de la empresa',
  compras_administradores: 'Cambió si los administradores pueden comprar créditos',
  webhook_creado: 'Creó un webhook',
  webhook_eliminado: 'Eliminó un webhook',
  api_key_creada: 'Creó una clave de API',
  api_key_revocada: 'Revocó una clave de API',
} as const satisfies Record<string, string>;

export type AccionAuditoria = keyof typeof ACCION_ETIQUETA;
export const ACCIONES_AUDITORIA = Object.keys(ACCION_ETIQUETA) as [
  AccionAuditoria,
  ...AccionAuditoria[],
];
export const AccionAuditoria = z.enum(ACCIONES_AUDITORIA, {
  error: 'Elija una acción de la lista',
});

/** Who acted, as the log shows it: "Producto" when no member did (a job, the portal, a gateway). */
export const QUIEN_PRODUCTO = 'El producto (sin usuario)';

export const RegistroAuditoria = z.object({
  id: z.number().int(),
  fecha: z.string(),
  accion: AccionAuditoria,
  accion_etiqueta: z.string(),
  user_id: z.number().int().nullable(),
  usuario: z.string(),
  comprobante_id: z.number().int().nullable(),
  /** "Serie-Folio" of the document, when the record touched one. */
  comprobante: z.string(),
  objeto: z.string(),
  /** One line in Spanish of what the details say (serie, folio, motivo, e-mail…). */
  resumen: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  detalles: z.record(z.string(), z.unknown()),
});
export type RegistroAuditoria = z.infer<typeof RegistroAuditoria>;

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const FechaFiltro = z
  .string()
  .regex(FECHA, 'Escriba la fecha como AAAA-MM-DD')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/auditoria/:enterpriseId and its export: the filters (dates inclusive, local day). */
export const AuditoriaFiltros = z
  .object({
    desde: FechaFiltro,
    hasta: FechaFiltro,
    user_id: z.union([z.literal('producto'), z.coerce.number().int().positive()]).optional(),
    accion: AccionAuditoria.optional(),
  })
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, {
    message: 'La fecha inicial debe ser anterior o igual a la final',
    path: ['hasta'],
  });
export type AuditoriaFiltros = z.infer<typeof AuditoriaFiltros>;

export const AuditoriaListQuery = z.intersection(
  AuditoriaFiltros,
  PageQuery.pick({ page: true, items_per_page: true }),
);

/** The members who appear in the log (current or former), for the user filter. */
export const UsuarioEnBitacora = z.object({ user_id: z.number().int(), nombre: z.string() });
export type UsuarioEnBitacora = z.infer<typeof UsuarioEnBitacora>;

/** GET /api/comprobantes/v40/:id/historial: the document's records, oldest first. */
export const HistorialResponse = z.array(RegistroAuditoria);
export type HistorialResponse = z.infer<typeof HistorialResponse>;
