import { grupo } from './grupo.ts';
import { CANCELACION, FACTURA, IDEMPOTENCIA } from './ejemplos.ts';
import { RUTAS_OTROS_COMPROBANTES } from './rutas-otros-comprobantes.ts';

const V40 = '/api/facturacion/V40';
const C = '/api/comprobantes/v40';

export const RUTAS_FACTURACION = {
  ...grupo('Facturas', {
    [`POST ${V40}/facturas-ingreso`]: {
      resumen: 'Timbra una factura de ingreso.',
      descripcion: `Valida la factura con las reglas del SAT, la sella, la timbra con el PAC y descuenta un crédito. ${IDEMPOTENCIA} Con \`?sustituye=<id>\` la factura nueva sustituye a otra (relación 04) y la cancela con el motivo 01.`,
      ejemplo: FACTURA,
    },
    [`GET ${V40}/facturas-ingreso`]: 'Lista las facturas de ingreso, por página.',
    [`POST ${V40}/facturas-ingreso/search`]: {
      resumen: 'Busca facturas por cliente, fechas, serie, estado o método de pago.',
      ejemplo: { rfc_name: 'COMERCIAL', from_date: '2026-01-01', to_date: '2026-01-31' },
    },
    [`GET ${V40}/facturas-ingreso/export`]: {
      resumen: 'Exporta las facturas filtradas.',
      descripcion: 'Descarga un archivo de Excel (.xlsx).',
    },
    [`GET ${V40}/facturas-ingreso/:id`]:
      'Una factura: datos, partidas, importes, estado y su cancelación si la hay.',
    [`POST ${V40}/facturas-ingreso/:id/estado-cancelacion`]:
      'Consulta al SAT el estado de una cancelación en proceso.',
    [`POST ${V40}/pre-facturas-ingreso`]: {
      resumen: 'Guarda un borrador de factura sin timbrarlo.',
      ejemplo: FACTURA,
    },
    [`PUT ${V40}/pre-facturas-ingreso/:id`]: { resumen: 'Modifica un borrador.', ejemplo: FACTURA },
    [`DELETE ${V40}/pre-facturas-ingreso/:id`]: 'Elimina un borrador.',
    [`POST ${V40}/pre-facturas-ingreso/:id/timbrar`]: {
      resumen: 'Timbra un borrador con los datos enviados.',
      descripcion: IDEMPOTENCIA,
      ejemplo: FACTURA,
    },
    [`POST ${V40}/pre-facturas-ingreso/:id/timbrar-with-pre-factura-original-data`]: {
      resumen: 'Timbra un borrador tal como está guardado.',
      descripcion: IDEMPOTENCIA,
    },
    [`POST ${V40}/cancelar-factura`]: {
      resumen: 'Cancela una factura ante el SAT.',
      descripcion:
        'Motivo 01 con el folio fiscal que la sustituye; 02 y 03 sin él. Si el SAT pide la aceptación del receptor, la cancelación queda en proceso.',
      ejemplo: { factura_id: 1, ...CANCELACION },
    },
    [`GET ${V40}/:enterpriseId/ppd-pending-payments`]:
      'Facturas en PPD con saldo pendiente de pago.',
    [`POST ${V40}/facturas-ingreso/subscription-plan-invoice`]: {
      resumen: 'Pide la factura de una compra de créditos.',
      ejemplo: { client_enterprise_id: 1, user_credit_payment_id: 1 },
    },
  }),
  ...grupo('Comprobantes', {
    [`GET ${C}/:id/get-invoice-pdf`]: 'Descarga la representación impresa (PDF) de un comprobante.',
    [`GET ${C}/:id/get-invoice-xml`]: 'Descarga el XML timbrado de un comprobante.',
    [`GET ${C}/:id/historial`]:
      'Historia del comprobante: quién lo timbró, envió, compartió o canceló, cuándo y desde dónde.',
    [`GET ${C}/:id/cancelacion`]: 'Estado de la cancelación de un comprobante y su sustitución.',
    [`POST ${C}/:id/sustitucion/reintentar`]:
      'Reintenta la cancelación pendiente de un comprobante ya sustituido.',
    [`POST ${C}/:id/create-share-invoice-link`]: {
      resumen: 'Crea un enlace público para compartir el PDF y el XML.',
      ejemplo: { share_method: 'link' },
    },
    [`POST ${C}/:id/send-by-email`]: {
      resumen: 'Envía el PDF y el XML por correo.',
      ejemplo: {
        emails: ['compras@comercializadora.example'],
        comprobante_type: 'factura_ingreso',
      },
    },
    [`GET ${C}/:id/get-invoice-sent-information`]: 'Historial de envíos por correo.',
    [`POST ${C}/:id/share-links/:linkId/revoke`]: 'Revoca un enlace compartido.',
    [`GET ${C}/:id/get-sharing-invoice-sent-information`]: 'Enlaces compartidos del comprobante.',
    [`GET ${C}/compartidos/:token`]: 'Datos de un comprobante compartido por enlace (público).',
    [`GET ${C}/compartidos/:token/pdf`]: 'PDF de un comprobante compartido (público).',
    [`GET ${C}/compartidos/:token/xml`]: 'XML de un comprobante compartido (público).',
    [`POST ${V40}/comprobantes-zip`]: {
      resumen: 'Prepara un ZIP con los XML y PDF de un periodo.',
      descripcion: 'El archivo se arma en segundo plano; consulte su estado y descárguelo después.',
      ejemplo: { from_date: '2026-01-01', to_date: '2026-01-31' },
    },
    [`GET ${V40}/comprobantes-zip/:id`]: 'Estado de un ZIP en preparación.',
    [`GET ${V40}/comprobantes-zip/:id/descargar`]: 'Descarga el ZIP terminado.',
  }),
  ...RUTAS_OTROS_COMPROBANTES,
};
