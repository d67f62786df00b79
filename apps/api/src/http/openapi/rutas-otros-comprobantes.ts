import { grupo } from './grupo.ts';
import { CANCELACION, IDEMPOTENCIA } from './ejemplos.ts';

const V40 = '/api/facturacion/V40';
const NOTA = {
  serie_id: 1,
  facturas: [1],
  tipo: 'descuento',
  porcentaje: '10',
  forma_pago: '03',
  motivo: 'Descuento por pronto pago',
};
const GLOBAL = {
  formaPago: '01',
  month: 1,
  year: 2026,
  periodicidad: '04',
  serie: { id: 2 },
  partidas: [{ folioVenta: 'T-000123', grupoImpuestosId: 1, subtotal: '431.03' }],
};

export const RUTAS_OTROS_COMPROBANTES = {
  ...grupo('Complementos de pago', {
    [`GET ${V40}/complemento-pago/:id`]: 'Un complemento de pago.',
    [`POST ${V40}/complemento-pago`]: {
      resumen: 'Timbra un complemento de pago (recepción de pagos 2.0).',
      descripcion: `Registra un pago a una o varias facturas en PPD. ${IDEMPOTENCIA}`,
      ejemplo: {
        factura_id: 1,
        serie_id: 3,
        forma_pago: '03',
        payment_date: '2026-02-05 12:00:00',
        payment_amount: '3480.00',
      },
    },
    [`POST ${V40}/complemento-pago/:id/cancelar`]: {
      resumen: 'Cancela un complemento de pago.',
      ejemplo: CANCELACION,
    },
  }),
  ...grupo('Notas de crédito', {
    [`GET ${V40}/nota-credito`]: 'Lista las notas de crédito.',
    [`POST ${V40}/nota-credito`]: {
      resumen: 'Timbra una nota de crédito (descuento o devolución).',
      descripcion: IDEMPOTENCIA,
      ejemplo: NOTA,
    },
    [`GET ${V40}/nota-credito/:id`]: 'Una nota de crédito.',
    [`POST ${V40}/nota-credito/vista-previa`]: {
      resumen: 'Calcula una nota de crédito sin timbrarla.',
      ejemplo: NOTA,
    },
    [`POST ${V40}/nota-credito/:id/cancelar`]: {
      resumen: 'Cancela una nota de crédito.',
      ejemplo: CANCELACION,
    },
  }),
  ...grupo('Anticipos', {
    [`GET ${V40}/anticipos`]: 'Lista los anticipos recibidos y su saldo.',
    [`POST ${V40}/anticipos`]: {
      resumen: 'Timbra la factura de un anticipo.',
      descripcion: IDEMPOTENCIA,
      ejemplo: {
        client_id: 1,
        serie_id: 1,
        forma_pago: '03',
        uso_cfdi: 'G03',
        rubro_impuesto_id: 1,
        importe: '5800.00',
      },
    },
    [`GET ${V40}/anticipos/:id`]: 'Un anticipo y sus aplicaciones.',
    [`POST ${V40}/anticipos/:id/aplicar`]: {
      resumen: 'Aplica un anticipo a la factura final (nota de crédito con relación 07).',
      descripcion: IDEMPOTENCIA,
      ejemplo: { factura_id: 2, serie_id: 4 },
    },
  }),
  ...grupo('Facturas globales', {
    [`GET ${V40}/facturas-globales`]: 'Lista las facturas globales.',
    [`POST ${V40}/facturas-globales`]: {
      resumen: 'Timbra la factura global de un periodo.',
      descripcion: `Incluye las ventas al público en general (y los recibos abiertos) del periodo. ${IDEMPOTENCIA}`,
      ejemplo: GLOBAL,
    },
    [`GET ${V40}/facturas-globales/get-years-for-facturas-globales`]: 'Años con facturas globales.',
    [`POST ${V40}/facturas-globales/search`]: {
      resumen: 'Facturas globales de un año.',
      ejemplo: { year: 2026 },
    },
    [`GET ${V40}/facturas-globales/recibos-del-periodo`]:
      'Recibos abiertos de un periodo, que la factura global puede incluir.',
    [`GET ${V40}/facturas-globales/import/download-template`]:
      'Plantilla de Excel para importar las ventas de una factura global.',
    [`POST ${V40}/facturas-globales/import`]:
      'Importa las ventas de una factura global de una hoja de cálculo (multipart/form-data).',
    [`GET ${V40}/facturas-globales/:id`]: 'Una factura global.',
    [`POST ${V40}/facturas-globales/save`]: {
      resumen: 'Guarda una factura global sin timbrarla.',
      ejemplo: GLOBAL,
    },
    [`POST ${V40}/facturas-globales/:id/cancelar`]: {
      resumen: 'Cancela una factura global.',
      ejemplo: CANCELACION,
    },
    [`POST ${V40}/facturas-globales/:id/venta-nominativa`]: {
      resumen: 'Saca una venta de la global para facturarla a nombre del cliente.',
      ejemplo: { folioVenta: 'T-000123' },
    },
  }),
};
