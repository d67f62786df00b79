import {
  ACCION_ETIQUETA,
  QUIEN_PRODUCTO,
  type AccionAuditoria,
  type AuditoriaFiltros,
  type RegistroAuditoria,
  type UsuarioEnBitacora,
} from '@repo/contracts/auditoria';
import { ROL_ETIQUETA } from '@repo/contracts/roles';
import type { AppDeps } from '../../deps.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import {
  exportAuditoria,
  historialDeComprobante,
  listAuditoria,
  listUsuariosDeAuditoria,
  type AuditoriaRow,
} from './auditoria.queries.ts';

// The enterprise's log ("Bitácora") and a document's history, as the screens and the CSV read them.

export type AuditoriaDeps = Pick<AppDeps, 'db' | 'catalogos'>;

/** The most records one export writes; the screen says to narrow the dates past it. */
export const MAX_EXPORTACION = 50_000;

/** How each detail's key reads in the summary line, in this order; others are not summarized. */
const ETIQUETA_DETALLE: [string, string][] = [
  ['tipo', 'Tipo'],
  ['serie', 'Serie'],
  ['folio', 'Folio'],
  ['uuid', 'Folio fiscal'],
  ['motivo', 'Motivo'],
  ['folio_sustitucion', 'Sustituye con'],
  ['sustituto_id', 'Sustituto'],
  ['estatus', 'Estatus'],
  ['codigo', 'Código'],
  ['mensaje', 'Mensaje'],
  ['destinatarios', 'Para'],
  ['vence', 'Vence'],
  ['no_certificado', 'Certificado'],
  ['vigencia', 'Vigencia'],
  ['campos', 'Campos'],
  ['email', 'Correo'],
  ['rol', 'Rol'],
  ['rol_anterior', 'Rol anterior'],
  ['administradores_compran', 'Los administradores pueden comprar créditos'],
  ['creditos', 'Créditos'],
  ['total', 'Total'],
  ['url', 'URL'],
  ['nombre', 'Nombre'],
];

/** Codes that read better in words: document and serie kinds, share methods, tax data fields. */
const PALABRA: Record<string, string> = {
  I: 'Ingreso',
  E: 'Egreso',
  P: 'Pago',
  T: 'Traslado',
  'facturas-ingreso': 'Facturas de ingreso',
  'facturas-globales': 'Facturas globales',
  'recepcion-pagos': 'Recepción de pagos',
  'notas-credito': 'Notas de crédito',
  link: 'Enlace',
  whatsapp: 'WhatsApp',
  rfc: 'RFC',
  razon_social: 'Razón social',
  nombre_comercial: 'Nombre comercial',
  regimen_fiscal: 'Régimen fiscal',
  codigo_postal: 'Código postal',
  estado: 'Estado',
  municipio: 'Municipio',
  colonia: 'Colonia',
  ciudad: 'Ciudad',
  calle: 'Calle',
  numero_exterior: 'Número exterior',
  numero_interior: 'Número interior',
  ...ROL_ETIQUETA,
  true: 'Sí',
  false: 'No',
};
const EN_PALABRAS = new Set(['tipo', 'campos', 'rol', 'rol_anterior', 'administradores_compran']);

function texto(v: unknown): string {
  if (Array.isArray(v)) return v.map(texto).join(', ');
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/** "Serie: A; Folio: 12; Motivo: 02" from a record's details. */
export function resumenDe(detalles: Record<string, unknown>): string {
  const partes: string[] = [];
  for (const [clave, etiqueta] of ETIQUETA_DETALLE) {
    const crudo = detalles[clave];
    const valor = EN_PALABRAS.has(clave)
      ? texto(
          Array.isArray(crudo)
            ? crudo.map((x) => PALABRA[String(x)] ?? x)
            : (PALABRA[String(crudo)] ?? crudo),
        )
      : texto(crudo);
    if (valor !== '') partes.push(`${etiqueta}: ${valor}`);
  }
  const apiKey = detalles.api_key as { nombre?: unknown } | undefined;
  if (apiKey) partes.push(`Llave de API: ${texto(apiKey.nombre)}`);
  return partes.join('; ');
}

function registroDe(row: AuditoriaRow, nombres: Map<number, string>): RegistroAuditoria {
  const accion = row.accion as AccionAuditoria;
  const usuario =
    row.user_id === null
      ? QUIEN_PRODUCTO
      : (nombres.get(row.user_id) ?? (row.usuario_nombre.trim() || row.usuario_email));
  return {
    id: row.id,
    fecha: row.created_at,
    accion,
    accion_etiqueta: ACCION_ETIQUETA[accion],
    user_id: row.user_id,
    usuario,
    comprobante_id: row.comprobante_id,
    comprobante:
      row.comprobante_id === null
        ? ''
        : [row.serie ?? '', row.folio === null ? '' : String(row.folio)].filter(Boolean).join('-'),
    objeto: row.objeto,
    resumen: resumenDe(row.detalles),
    ip: row.ip,
    user_agent: row.user_agent,
    detalles: row.detalles,
  };
}

async function zonaDe(deps: AuditoriaDeps, enterpriseId: number): Promise<string> {
  const datos = await findDatosFiscales(deps.db, enterpriseId);
  return (
    deps.catalogos.codigosPostales.zonaHoraria(datos?.codigo_postal ?? '') ?? 'America/Mexico_City'
  );
}

async function nombresDe(deps: AuditoriaDeps, enterpriseId: number) {
  const usuarios = await listUsuariosDeAuditoria(deps.db, enterpriseId);
  return { usuarios, nombres: new Map(usuarios.map((u) => [u.user_id, u.nombre])) };
}

export async function verBitacora(
  deps: AuditoriaDeps,
  enterpriseId: number,
  filtros: AuditoriaFiltros,
  page: number,
  perPage: number,
): Promise<{
  rows: RegistroAuditoria[];
  total: number;
  usuarios: UsuarioEnBitacora[];
}> {
  const zona = await zonaDe(deps, enterpriseId);
  const [{ rows, total }, { usuarios, nombres }] = await Promise.all([
    listAuditoria(deps.db, enterpriseId, zona, filtros, {
      offset: (page - 1) * perPage,
      limit: perPage,
    }),
    nombresDe(deps, enterpriseId),
  ]);
  return { rows: rows.map((r) => registroDe(r, nombres)), total, usuarios };
}

export async function verHistorial(
  deps: AuditoriaDeps,
  enterpriseId: number,
  comprobanteId: number,
): Promise<RegistroAuditoria[]> {
  const [rows, { nombres }] = await Promise.all([
    historialDeComprobante(deps.db, enterpriseId, comprobanteId),
    nombresDe(deps, enterpriseId),
  ]);
  return rows.map((r) => registroDe(r, nombres));
}

/** A cell as CSV: quoted, and a leading = + - @ neutralised so no spreadsheet runs it as a formula. */
function celda(v: string): string {
  const seguro = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return `"${seguro.replace(/"/g, '""')}"`;
}

const ENCABEZADOS = [
  'Fecha (UTC)',
  'Usuario',
  'Correo',
  'Acción',
  'Comprobante',
  'Objeto',
  'Detalle',
  'IP',
  'Navegador',
  'Datos',
];

/** The filtered log as CSV (UTF-8 with BOM, so a spreadsheet reads the accents), oldest first. */
export async function exportarBitacora(
  deps: AuditoriaDeps,
  enterpriseId: number,
  filtros: AuditoriaFiltros,
): Promise<string> {
  const zona = await zonaDe(deps, enterpriseId);
  const [rows, { nombres }] = await Promise.all([
    exportAuditoria(deps.db, enterpriseId, zona, filtros, MAX_EXPORTACION),
    nombresDe(deps, enterpriseId),
  ]);
  const lineas = [ENCABEZADOS.map(celda).join(',')];
  for (const row of rows) {
    const r = registroDe(row, nombres);
    lineas.push(
      [
        r.fecha.replace('T', ' ').replace(/\.\d+Z$/, ''),
        r.usuario,
        row.user_id === null ? '' : row.usuario_email,
        r.accion_etiqueta,
        r.comprobante,
        r.objeto,
        r.resumen,
        r.ip,
        r.user_agent,
        JSON.stringify(r.detalles),
      ]
        .map(celda)
        .join(','),
    );
  }
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}
