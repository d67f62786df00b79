import { z } from 'zod';

// API keys (issue 28): a program acts as the enterprise with `Authorization: Bearer <key>`, within
// the key's scopes. Scopes are capabilities of the role table (roles.ts): a key never manages
// members, the user's account, purchases of credits or other keys.

/** The capabilities a key may be given (roles.ts, Capacidad). */
export const ALCANCES_CLAVE = ['ver', 'emitir', 'configurar'] as const;
export const AlcanceClave = z.enum(ALCANCES_CLAVE);
export type AlcanceClave = z.infer<typeof AlcanceClave>;

export const ALCANCE_TEXTO: Record<AlcanceClave, string> = {
  ver: 'Consultar y descargar (clientes, productos, comprobantes, recibos)',
  emitir: 'Emitir, enviar y cancelar comprobantes; clientes, productos y recibos',
  configurar: 'Configuración: series, impuestos, sellos, datos fiscales y webhooks',
};

/** pruebas: always stamps through the sandbox PAC; produccion: through the configured PAC. */
export const MODOS_CLAVE = ['pruebas', 'produccion'] as const;
export const ModoClave = z.enum(MODOS_CLAVE, { error: 'Elija el modo de la clave.' });
export type ModoClave = z.infer<typeof ModoClave>;

export const MODO_TEXTO: Record<ModoClave, string> = {
  pruebas: 'Pruebas (PAC de pruebas, sin validez fiscal)',
  produccion: 'Producción',
};

/** Every answer to a request made with a key carries its mode in this header. */
export const MODO_HEADER = 'x-facturacion-modo';

export const MAX_CLAVES_ACTIVAS = 20;

export const CLAVES_MENSAJES = {
  nombre: 'Escriba un nombre de hasta 80 caracteres para reconocer la clave.',
  alcances: 'Elija al menos un permiso para la clave.',
  noExiste: 'La clave de API no existe.',
  yaRevocada: 'La clave de API ya estaba revocada.',
  maximo: `Puede tener hasta ${MAX_CLAVES_ACTIVAS} claves de API activas por empresa. Revoque una que ya no use.`,
  invalida: 'La clave de API no es válida o fue revocada.',
  alcanceNoPermite: 'Los permisos de esta clave de API no incluyen esta acción.',
  soloSesion: 'Esta acción solo puede hacerse desde la aplicación, con su usuario y contraseña.',
  limite: 'Demasiadas solicitudes con esta clave de API. Espere un momento y vuelva a intentarlo.',
  idempotencia:
    'Envíe el encabezado Idempotency-Key (entre 8 y 100 caracteres, uno nuevo por cada comprobante) al timbrar con una clave de API: así un reintento nunca timbra dos veces.',
} as const;

/** POST /api/claves-api/:enterpriseId */
export const ClaveApiRequest = z.object({
  nombre: z
    .string({ error: CLAVES_MENSAJES.nombre })
    .trim()
    .min(1, CLAVES_MENSAJES.nombre)
    .max(80, CLAVES_MENSAJES.nombre),
  modo: ModoClave,
  alcances: z
    .array(AlcanceClave, { error: CLAVES_MENSAJES.alcances })
    .min(1, CLAVES_MENSAJES.alcances)
    .transform((a) => ALCANCES_CLAVE.filter((x) => a.includes(x))),
});
export type ClaveApiRequest = z.input<typeof ClaveApiRequest>;

export const ClaveApiResponse = z.object({
  id: z.number().int(),
  nombre: z.string(),
  modo: ModoClave,
  alcances: z.array(AlcanceClave),
  /** The key's first characters, e.g. fk_test_12_Ab3d */
  prefijo: z.string(),
  creada_por: z.string().nullable(),
  created_at: z.string(),
  ultimo_uso: z.string().nullable(),
  revocada_at: z.string().nullable(),
});
export type ClaveApiResponse = z.infer<typeof ClaveApiResponse>;

/** The answer to its creation: the only time the key itself is shown. */
export const ClaveApiCreadaResponse = ClaveApiResponse.extend({ clave: z.string() });
export type ClaveApiCreadaResponse = z.infer<typeof ClaveApiCreadaResponse>;
