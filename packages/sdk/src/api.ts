import type { z } from 'zod';
import type { ClientListQuery, ClientRequest, ClientResponse } from '@repo/contracts/clients';
import type {
  CancelarPagoRequest,
  CancelarPagoResponse,
  ComplementoPagoRequest,
  ComplementoPagoResponse,
  PagosDeFacturaResponse,
} from '@repo/contracts/complementos-pago';
import type { SendByEmailRequest, SendByEmailResponse } from '@repo/contracts/comprobantes';
import type { FacturaDraftRequest } from '@repo/contracts/facturas-borrador';
import type { FacturaDetail, TimbrarFacturaResponse } from '@repo/contracts/facturas-detalle';
import type {
  CancelacionResponse,
  CancelarFacturaRequest,
  FacturaListItem,
  FacturaListQuery,
} from '@repo/contracts/facturas-estados';
import type {
  ProductServiceListQuery,
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import type {
  PortalFacturarRequest,
  PortalFacturaResponse,
  PortalInfoResponse,
  PortalTicketRequest,
  PortalTicketResponse,
  ReciboListQuery,
  ReciboRequest,
  ReciboResponse,
} from '@repo/contracts/recibos';
import type {
  EntregaDetalleResponse,
  EntregaResponse,
  WebhookConSecretoResponse,
  WebhookRequest,
  WebhookResponse,
} from '@repo/contracts/webhooks';
import { Transporte, type OpcionesCliente } from './http.ts';
import { RUTAS } from './rutas.ts';

// A typed client of the public API for a point of sale, a shop or an ERP. The types are the API's
// own zod contracts (what a request accepts, what an answer holds), so the client and the server
// cannot drift apart without the type checker noticing.

/** What a request accepts (defaults may be left out) and what an answer holds. */
type Entrada<T extends z.ZodType> = z.input<T>;
type Salida<T extends z.ZodType> = z.output<T>;

export interface Pagina<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}
type Id = number | string;
type Consulta = Record<string, string | number | undefined>;

/** For calls that stamp: the key that makes a retry answer the same document. */
export interface OpcionesTimbrado {
  idempotencyKey?: string;
}

export { ErrorDeApi, type OpcionesCliente } from './http.ts';

export function crearApi(opciones: OpcionesCliente) {
  const t = new Transporte(opciones);
  const R = RUTAS;
  return {
    clientes: {
      listar: (q: Partial<Entrada<typeof ClientListQuery>> = {}) =>
        t.datos<Pagina<Salida<typeof ClientResponse>>>({
          ruta: R.clientes.listar,
          consulta: q as Consulta,
        }),
      obtener: (id: Id) =>
        t.datos<Salida<typeof ClientResponse>>({ ruta: R.clientes.obtener, params: { id } }),
      crear: (cuerpo: Entrada<typeof ClientRequest>) =>
        t.datos<Salida<typeof ClientResponse>>({ ruta: R.clientes.crear, cuerpo }),
      modificar: (id: Id, cuerpo: Entrada<typeof ClientRequest>) =>
        t.datos<Salida<typeof ClientResponse>>({
          ruta: R.clientes.modificar,
          params: { id },
          cuerpo,
        }),
      eliminar: (id: Id) => t.datos<null>({ ruta: R.clientes.eliminar, params: { id } }),
    },
    productos: {
      listar: (q: Partial<Entrada<typeof ProductServiceListQuery>> = {}) =>
        t.datos<Pagina<Salida<typeof ProductServiceResponse>>>({
          ruta: R.productos.listar,
          consulta: q as Consulta,
        }),
      obtener: (id: Id) =>
        t.datos<Salida<typeof ProductServiceResponse>>({
          ruta: R.productos.obtener,
          params: { id },
        }),
      crear: (cuerpo: Entrada<typeof ProductServiceRequest>) =>
        t.datos<Salida<typeof ProductServiceResponse>>({ ruta: R.productos.crear, cuerpo }),
      modificar: (id: Id, cuerpo: Entrada<typeof ProductServiceRequest>) =>
        t.datos<Salida<typeof ProductServiceResponse>>({
          ruta: R.productos.modificar,
          params: { id },
          cuerpo,
        }),
      eliminar: (id: Id) => t.datos<null>({ ruta: R.productos.eliminar, params: { id } }),
    },
    facturas: {
      /** Stamps an income invoice; `sustituye`: the id of the invoice it replaces (relación 04). */
      timbrar: (
        cuerpo: Entrada<typeof FacturaDraftRequest>,
        o: OpcionesTimbrado & { sustituye?: Id } = {},
      ) =>
        t.timbrar<Salida<typeof TimbrarFacturaResponse>>(
          { ruta: R.facturas.timbrar, cuerpo, consulta: { sustituye: o.sustituye } },
          o.idempotencyKey,
        ),
      obtener: (id: Id) =>
        t.datos<Salida<typeof FacturaDetail>>({ ruta: R.facturas.obtener, params: { id } }),
      listar: (q: Partial<Entrada<typeof FacturaListQuery>> = {}) =>
        t.datos<Pagina<Salida<typeof FacturaListItem>>>({
          ruta: R.facturas.listar,
          consulta: q as Consulta,
        }),
      cancelar: (cuerpo: Entrada<typeof CancelarFacturaRequest>) =>
        t.datos<Salida<typeof CancelacionResponse>>({ ruta: R.facturas.cancelar, cuerpo }),
      estadoCancelacion: (id: Id) =>
        t.datos<Salida<typeof CancelacionResponse>>({
          ruta: R.facturas.estadoCancelacion,
          params: { id },
        }),
    },
    comprobantes: {
      /** The PDF of any stamped document (invoice, payment complement, credit note, global). */
      pdf: async (id: Id) =>
        new Uint8Array(
          await (await t.respuesta({ ruta: R.comprobantes.pdf, params: { id } })).arrayBuffer(),
        ),
      /** Its stamped XML, as the SAT keeps it. */
      xml: async (id: Id) =>
        (await t.respuesta({ ruta: R.comprobantes.xml, params: { id } })).text(),
      enviarPorCorreo: (id: Id, cuerpo: Entrada<typeof SendByEmailRequest>) =>
        t.datos<Salida<typeof SendByEmailResponse>>({
          ruta: R.comprobantes.enviarPorCorreo,
          params: { id },
          cuerpo,
        }),
    },
    complementosPago: {
      timbrar: (cuerpo: Entrada<typeof ComplementoPagoRequest>, o: OpcionesTimbrado = {}) =>
        t.timbrar<Salida<typeof ComplementoPagoResponse>>(
          { ruta: R.complementosPago.timbrar, cuerpo },
          o.idempotencyKey,
        ),
      /** The payments of an invoice (its id) and their complements. */
      deFactura: (facturaId: Id) =>
        t.datos<Salida<typeof PagosDeFacturaResponse>>({
          ruta: R.complementosPago.deFactura,
          params: { id: facturaId },
        }),
      cancelar: (id: Id, cuerpo: Entrada<typeof CancelarPagoRequest>) =>
        t.datos<Salida<typeof CancelarPagoResponse>>({
          ruta: R.complementosPago.cancelar,
          params: { id },
          cuerpo,
        }),
    },
    recibos: {
      /** A sale to be invoiced later; the same `referencia` answers the same receipt. */
      crear: (enterpriseId: Id, cuerpo: Entrada<typeof ReciboRequest>) =>
        t.datos<Salida<typeof ReciboResponse>>({
          ruta: R.recibos.crear,
          params: { enterpriseId },
          cuerpo,
        }),
      listar: (enterpriseId: Id, q: Partial<Entrada<typeof ReciboListQuery>> = {}) =>
        t.datos<Pagina<Salida<typeof ReciboResponse>>>({
          ruta: R.recibos.listar,
          params: { enterpriseId },
          consulta: q as Consulta,
        }),
      obtener: (id: Id) =>
        t.datos<Salida<typeof ReciboResponse>>({ ruta: R.recibos.obtener, params: { id } }),
      cancelar: (id: Id) =>
        t.datos<Salida<typeof ReciboResponse>>({ ruta: R.recibos.cancelar, params: { id } }),
    },
    /** The public self-invoicing portal: no token; `slug` is the last segment of `url_portal`. */
    portal: {
      empresa: (slug: string) =>
        t.datos<Salida<typeof PortalInfoResponse>>({
          ruta: R.portal.empresa,
          params: { slug },
          publica: true,
        }),
      ticket: (slug: string, cuerpo: Entrada<typeof PortalTicketRequest>) =>
        t.datos<Salida<typeof PortalTicketResponse>>({
          ruta: R.portal.ticket,
          params: { slug },
          cuerpo,
          publica: true,
        }),
      facturar: (slug: string, cuerpo: Entrada<typeof PortalFacturarRequest>) =>
        t.datos<Salida<typeof PortalFacturaResponse>>({
          ruta: R.portal.facturar,
          params: { slug },
          cuerpo,
          publica: true,
        }),
    },
    webhooks: {
      listar: (enterpriseId: Id) =>
        t.datos<Salida<typeof WebhookResponse>[]>({
          ruta: R.webhooks.listar,
          params: { enterpriseId },
        }),
      /** The answer holds the signing secret, shown this once. */
      crear: (enterpriseId: Id, cuerpo: Entrada<typeof WebhookRequest>) =>
        t.datos<Salida<typeof WebhookConSecretoResponse>>({
          ruta: R.webhooks.crear,
          params: { enterpriseId },
          cuerpo,
        }),
      modificar: (id: Id, cuerpo: Entrada<typeof WebhookRequest>) =>
        t.datos<Salida<typeof WebhookResponse>>({
          ruta: R.webhooks.modificar,
          params: { id },
          cuerpo,
        }),
      eliminar: (id: Id) => t.datos<null>({ ruta: R.webhooks.eliminar, params: { id } }),
      prueba: (id: Id) => t.datos<null>({ ruta: R.webhooks.prueba, params: { id } }),
      entregas: (id: Id, q: { page?: number; items_per_page?: number } = {}) =>
        t.datos<Pagina<Salida<typeof EntregaResponse>>>({
          ruta: R.webhooks.entregas,
          params: { id },
          consulta: q,
        }),
      entrega: (id: Id) =>
        t.datos<Salida<typeof EntregaDetalleResponse>>({
          ruta: R.webhooks.entrega,
          params: { id },
        }),
      reenviar: (id: Id) => t.datos<null>({ ruta: R.webhooks.reenviar, params: { id } }),
    },
  };
}
export type Api = ReturnType<typeof crearApi>;
