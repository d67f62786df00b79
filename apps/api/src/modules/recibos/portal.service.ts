import { decimal } from '@repo/cfdi/decimal';
import { stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import type { PortalFacturarRequest } from '@repo/contracts/recibos';
import {
  PORTAL_MENSAJES,
  type PortalFacturaResponse,
  type PortalTicketResponse,
} from '@repo/contracts/recibos';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { pacDePruebas } from '../../pac/modo-pruebas.ts';
import { clientCatalogsFrom } from '../clients/client-catalogs.ts';
import { findClient, findClientByRfc } from '../clients/clients.queries.ts';
import { createClient } from '../clients/clients.service.ts';
import { sendByEmail } from '../comprobantes/envio-email.service.ts';
import { createShareLink } from '../comprobantes/share-links.service.ts';
import { createFactura } from '../facturas/factura-timbrado.service.ts';
import { findProductService } from '../products-services/products-services.queries.ts';
import { listSeries } from '../series/series.queries.ts';
import { diaLocal } from '../timbrado/fecha-comprobante.ts';
import { reciboEnGlobal } from './recibos-en-global.ts';
import { reclamarParaPortal, soltarReclamo } from './portal-reclamo.queries.ts';
import {
  buscarPorCodigo,
  buscarRecibo,
  buscarPortalPorSlug,
  marcarFacturado,
  type ReciboRow,
} from './recibos.queries.ts';
import {
  dosDecimales,
  facturableHasta,
  normalizarCodigo,
  partidasDeFactura,
  zonaDe,
  type RecibosDeps,
} from './recibos.service.ts';

type FacturarDatos = z.output<typeof PortalFacturarRequest>;

export type PortalDeps = RecibosDeps & Pick<AppDeps, 'mailer' | 'logger'>;

const noEncontrado = () => new AppError('NOT_FOUND', PORTAL_MENSAJES.noEncontrado);

async function portal(deps: PortalDeps, slug: string) {
  const p = await buscarPortalPorSlug(deps.db, slug.toLowerCase());
  if (!p || !p.activo) throw new AppError('NOT_FOUND', PORTAL_MENSAJES.noDisponible);
  return p;
}

/**
 * The receipt a customer asks for: found only by its code AND its total, and the same answer for a
 * wrong code or a wrong total, so the portal tells nothing to someone guessing codes (the routes
 * also limit how often one address may ask).
 */
async function ticket(deps: PortalDeps, slug: string, codigo: string, total: string) {
  const p = await portal(deps, slug);
  const row = await buscarPorCodigo(deps.db, p.enterprise_id, normalizarCodigo(codigo));
  if (!row || !decimal(row.total).eq(decimal(total))) throw noEncontrado();
  if (row.estado === 'cancelado') throw new AppError('CONFLICT', PORTAL_MENSAJES.cancelado);
  // Issue 28: a sale in a stamped global is already invoiced (to the público en general); only
  // the enterprise can take it out of the global (motive 04) and invoice it to the customer.
  if (row.estado === 'abierto' && (await reciboEnGlobal(deps.db, p.enterprise_id, row.id)))
    throw new AppError('CONFLICT', PORTAL_MENSAJES.enFacturaGlobal);
  const zona = await zonaDe(deps, p.enterprise_id);
  const hasta = facturableHasta(new Date(row.fecha), zona, p.dias);
  return { p, row, zona, hasta };
}

function fechaLegible(dia: string) {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}

function exigirPlazo(row: ReciboRow, hasta: string, hoy: string) {
  if (row.estado === 'facturado') throw new AppError('CONFLICT', PORTAL_MENSAJES.yaFacturado);
  if (hoy > hasta)
    throw new AppError('CONFLICT', PORTAL_MENSAJES.fueraDePlazo(fechaLegible(hasta)));
}

export async function verTicket(
  deps: PortalDeps,
  slug: string,
  body: { codigo: string; total: string },
): Promise<PortalTicketResponse> {
  const { p, row, zona, hasta } = await ticket(deps, slug, body.codigo, body.total);
  exigirPlazo(row, hasta, diaLocal(deps.now(), zona));
  const partidas = z
    .array(
      z.object({
        product_service_id: z.number(),
        descripcion: z.string().nullable(),
        cantidad: z.string(),
        precio_unitario: z.string(),
      }),
    )
    .parse(row.partidas);
  // A line without its own text shows its product's description, as the invoice will.
  const productos = new Map<number, string>();
  for (const id of new Set(partidas.map((x) => x.product_service_id))) {
    const producto = await findProductService(deps.db, p.enterprise_id, id);
    productos.set(id, producto?.description ?? '');
  }
  return {
    folio: row.folio,
    fecha: row.fecha,
    total: dosDecimales(row.total),
    conceptos: partidas.map((x) => ({
      descripcion: x.descripcion ?? productos.get(x.product_service_id) ?? '',
      cantidad: x.cantidad,
      importe: decimal(x.cantidad).times(decimal(x.precio_unitario)).toFixed(2),
    })),
    facturable_hasta: hasta,
  };
}

const normal = (v: string) => v.normalize('NFC').replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * The customer's client record: an RFC the enterprise already has must come with the data it has
 * (nothing of that record is shown, and nobody's record is changed from the portal); a new RFC is
 * created with the checks of the client form.
 */
async function clienteDe(deps: PortalDeps, enterpriseId: number, b: FacturarDatos) {
  const existente = await findClientByRfc(deps.db, enterpriseId, b.rfc, null);
  if (existente) {
    const c = await findClient(deps.db, enterpriseId, existente.id);
    const igual =
      c &&
      normal(stripRegimenSocietario(c.name_razon_social)) === normal(b.nombre) &&
      c.address.codigo_postal === b.codigo_postal &&
      c.regimenFiscal === b.regimen_fiscal;
    if (!igual) throw new AppError('VALIDATION', PORTAL_MENSAJES.datosDistintos);
    return existente.id;
  }
  try {
    const creado = await createClient(
      deps.db,
      clientCatalogsFrom(deps.catalogos, deps.now),
      enterpriseId,
      {
        name_razon_social: b.nombre,
        rfc: b.rfc,
        usoCfdi: b.uso_cfdi,
        regimenFiscal: b.regimen_fiscal,
        metodoPago: 'PUE',
        formaPago: null,
        email: b.email,
        address: {
          codigo_postal: b.codigo_postal,
          calle: '',
          numero_exterior: '',
          numero_interior: '',
          colonia: '',
          localidad: '',
          municipio: '',
          estado: '',
        },
        numRegistroIdentidadFiscal: null,
        pais: null,
        description: 'Registrado por el cliente en el portal de facturación.',
      },
    );
    return creado.id;
  } catch (error) {
    throw enCamposDelPortal(error);
  }
}

/** The client form's and the invoice's field names, as the portal's form names them. */
const CAMPOS: Record<string, string> = {
  name_razon_social: 'nombre',
  rfc: 'rfc',
  usoCfdi: 'uso_cfdi',
  uso_cfdi: 'uso_cfdi',
  regimenFiscal: 'regimen_fiscal',
  'address.codigo_postal': 'codigo_postal',
};

function enCamposDelPortal(error: unknown): unknown {
  if (!(error instanceof AppError) || typeof error.dataError === 'string') return error;
  const campos: Record<string, string[]> = {};
  for (const [campo, mensajes] of Object.entries(error.dataError)) {
    const propio = CAMPOS[campo];
    if (!propio) return new AppError(error.code, Object.values(error.dataError).flat().join(' '));
    campos[propio] = mensajes;
  }
  return new AppError(error.code, campos);
}

/**
 * One customer at a time per receipt (portal-reclamo.queries.ts): the others are told why, by what
 * the receipt now is.
 */
async function reclamar(deps: PortalDeps, enterpriseId: number, id: number) {
  if (await withTransaction(deps.db, (tx) => reclamarParaPortal(tx, enterpriseId, id))) return;
  const ahora = await buscarRecibo(deps.db, enterpriseId, id);
  if (ahora?.estado === 'facturado') throw new AppError('CONFLICT', PORTAL_MENSAJES.yaFacturado);
  if (ahora?.estado === 'cancelado') throw new AppError('CONFLICT', PORTAL_MENSAJES.cancelado);
  if (await reciboEnGlobal(deps.db, enterpriseId, id))
    throw new AppError('CONFLICT', PORTAL_MENSAJES.enFacturaGlobal);
  throw new AppError('CONFLICT', PORTAL_MENSAJES.enProceso);
}

/**
 * POST /portal/{slug}/facturar: the customer's invoice of the receipt, stamped once (a retry of the
 * same receipt answers the same invoice: its Idempotency-Key is the receipt's), e-mailed, the
 * receipt marked invoiced, and a link to its PDF and XML.
 */
export async function facturarTicket(
  deps: PortalDeps,
  slug: string,
  b: FacturarDatos,
): Promise<PortalFacturaResponse> {
  const { p, row, zona, hasta } = await ticket(deps, slug, b.codigo, b.total);
  exigirPlazo(row, hasta, diaLocal(deps.now(), zona));
  const enterpriseId = p.enterprise_id;
  const [serie] = await listSeries(deps.db, enterpriseId, 'facturas-ingreso');
  if (!serie) throw new AppError('CONFLICT', PORTAL_MENSAJES.empresaNoPuede);
  const clientId = await clienteDe(deps, enterpriseId, b);
  await reclamar(deps, enterpriseId, row.id);
  let timbrada;
  try {
    timbrada = await createFactura(
      deps,
      enterpriseId,
      {
        client_id: clientId,
        serie_id: serie.id,
        fecha: null,
        forma_pago: row.forma_pago,
        metodo_pago: 'PUE',
        uso_cfdi: b.uso_cfdi,
        moneda: 'MXN',
        tipo_cambio: null,
        condiciones_pago: null,
        exportacion: '01',
        cfdi_relacionados: [],
        informacion_global: null,
        partidas: partidasDeFactura(row.partidas as never),
        idempotency_key: null,
      },
      `portal-recibo-${enterpriseId}-${row.id}`,
    );
  } catch (error) {
    await soltarReclamo(deps.db, enterpriseId, row.id);
    if (error instanceof AppError && (error.code === 'PAYMENT_REQUIRED' || error.status >= 500)) {
      throw new AppError('CONFLICT', PORTAL_MENSAJES.empresaNoPuede);
    }
    throw enCamposDelPortal(error);
  }
  const factura = timbrada.factura;
  await marcarFacturado(deps.db, enterpriseId, row.id, factura.id);
  // A claim taken over from a process that died mid-stamp answers that stamp's invoice (same
  // key): if it was another customer's, this customer gets none of its data.
  if (factura.client_rfc !== b.rfc) throw new AppError('CONFLICT', PORTAL_MENSAJES.yaFacturado);
  const enlace = await createShareLink(deps, {
    enterpriseId,
    userId: null,
    comprobanteId: factura.id,
    shareMethod: 'link',
  });
  await sendByEmail(deps, {
    enterpriseId,
    userId: null,
    comprobanteId: factura.id,
    body: { comprobante_type: 'factura_ingreso', emails: b.email },
  }).catch((err: unknown) =>
    deps.logger.warn({ err, enterpriseId }, 'portal: the invoice e-mail failed'),
  );
  return {
    uuid: factura.uuid ?? '',
    serie_folio: `${factura.serie ?? ''}${factura.folio ?? ''}`,
    total: dosDecimales(String(factura.total)),
    fecha: factura.fecha ?? '',
    url: enlace.url,
    emails: b.email,
    pruebas: pacDePruebas(deps.config),
  };
}
