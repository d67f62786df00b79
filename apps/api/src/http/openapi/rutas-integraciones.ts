import { grupo } from './grupo.ts';

const WEBHOOK = {
  url: 'https://tienda.example/webhooks/facturacion',
  descripcion: 'Tienda en línea',
  eventos: ['documento.timbrado', 'documento.cancelado', 'pago.registrado'],
};
const TICKET = { codigo: '7K2M9QX4RT8B', total: '179.21' };

export const RUTAS_INTEGRACIONES = {
  ...grupo('Recibos', {
    'POST /api/recibos/:enterpriseId': {
      resumen: 'Registra una venta (recibo o nota de venta) por facturar.',
      descripcion:
        'Devuelve su folio, su código de autofacturación y la dirección del portal para el QR del ticket. La misma `referencia` devuelve el mismo recibo, así que un punto de venta puede reintentar sin duplicar la venta.',
      ejemplo: {
        referencia: 'TPV-1-000123',
        fecha: '2026-03-02',
        forma_pago: '01',
        partidas: [
          {
            product_service_id: 1,
            cantidad: '3',
            precio_unitario: '45.50',
            impuestos_trasladados: [1],
          },
        ],
      },
    },
    'POST /api/recibos/:enterpriseId/importar':
      'Importa recibos de una hoja de cálculo .xlsx o .csv (multipart/form-data): todos o ninguno, cada error con su fila y columna.',
    'GET /api/recibos/:enterpriseId/importar/plantilla':
      'Plantilla de Excel para importar recibos, con sus instrucciones.',
    'GET /api/recibos/:enterpriseId': 'Lista los recibos, por página y estado.',
    'GET /api/recibos/detalle/:id': 'Un recibo, con el QR de su portal en SVG.',
    'POST /api/recibos/detalle/:id/cancelar': 'Cancela un recibo abierto (la venta se anuló).',
    'GET /api/portal-facturacion/:enterpriseId':
      'Configuración del portal de autofacturación y su dirección.',
    'PUT /api/portal-facturacion/:enterpriseId': {
      resumen: 'Activa el portal y fija el plazo para autofacturar.',
      descripcion:
        '`dias: null` permite facturar hasta el fin del mes de la venta; un número, esos días después de la venta, sin pasar del mes.',
      ejemplo: { activo: true, dias: null },
    },
  }),
  ...grupo('Portal de autofacturación', {
    'GET /api/portal/:slug': 'Nombre de la empresa del portal y si tiene logotipo.',
    'GET /api/portal/:slug/logo': 'Logotipo de la empresa del portal.',
    'POST /api/portal/:slug/ticket': {
      resumen: 'Busca un ticket por su código y su total.',
      descripcion:
        'Sin el código y el total exactos no se revela ningún dato del ticket. Limitado por dirección IP.',
      ejemplo: TICKET,
    },
    'POST /api/portal/:slug/facturar': {
      resumen: 'El cliente factura su ticket con sus datos fiscales.',
      descripcion:
        'Timbra la factura, la envía por correo y marca el recibo como facturado. Repetir la solicitud devuelve la misma factura.',
      ejemplo: {
        ...TICKET,
        rfc: 'CACX7605101P8',
        nombre: 'XOCHILT CASAS CHAVEZ',
        codigo_postal: '10740',
        regimen_fiscal: '612',
        uso_cfdi: 'G03',
        email: 'xochilt@correo.example',
      },
    },
  }),
  ...grupo('Webhooks', {
    'GET /api/webhooks/:enterpriseId': 'Endpoints de webhooks de la empresa.',
    'POST /api/webhooks/:enterpriseId': {
      resumen: 'Registra un endpoint que recibirá los eventos elegidos.',
      descripcion:
        'La respuesta trae el secreto de firma (`whsec_…`) una sola vez. Cada entrega se firma con HMAC-SHA256 y se reintenta con espera creciente durante un día, en orden por documento.',
      ejemplo: WEBHOOK,
    },
    'PUT /api/webhooks/endpoint/:id': { resumen: 'Modifica un endpoint.', ejemplo: WEBHOOK },
    'DELETE /api/webhooks/endpoint/:id': 'Elimina un endpoint.',
    'POST /api/webhooks/endpoint/:id/secreto':
      'Genera un secreto de firma nuevo; el anterior deja de valer.',
    'POST /api/webhooks/endpoint/:id/prueba': 'Envía un evento de prueba al endpoint.',
    'GET /api/webhooks/endpoint/:id/entregas': 'Entregas recientes del endpoint.',
    'GET /api/webhooks/entregas/:id': 'Una entrega: solicitud, respuestas e intentos.',
    'POST /api/webhooks/entregas/:id/reenviar': 'Vuelve a enviar una entrega.',
  }),
  ...grupo('Claves de API', {
    'GET /api/claves-api/:enterpriseId':
      'Claves de API de la empresa: nombre, modo, permisos, prefijo, último uso y revocación.',
    'POST /api/claves-api/:enterpriseId': {
      resumen: 'Crea una clave de API.',
      descripcion:
        'La respuesta trae la clave (`fk_test_…` o `fk_live_…`) una sola vez; se guarda solo su SHA-256. Solo con sesión del propietario o de un administrador.',
      ejemplo: {
        nombre: 'Punto de venta sucursal Centro',
        modo: 'pruebas',
        alcances: ['ver', 'emitir'],
      },
    },
    'POST /api/claves-api/clave/:id/revocar':
      'Revoca una clave: la siguiente solicitud con ella se rechaza.',
  }),
  ...grupo('Créditos', {
    'GET /api/subscription-plans': 'Planes de créditos de timbrado a la venta.',
    'POST /api/promotional-codes/reserve': {
      resumen: 'Aparta un código promocional para una compra.',
      ejemplo: { promotional_code: 'BIENVENIDA', subscription_plan_id: 1 },
    },
    'POST /api/promotional-codes/detach-reserved-codes':
      'Libera los códigos promocionales apartados.',
    'POST /api/payments/credits/pre-order': {
      resumen: 'Inicia la compra de un plan de créditos con la pasarela de pago.',
      ejemplo: { subscription_plan_id: 1, pre_order_id: '3f2b8c1e-6d4a-4b7e-9c1f-2a5d8e7b6c40' },
    },
    'GET /api/payments/credits/get-order-from-payment-gateway/:id':
      'Estado de una compra en la pasarela de pago.',
    'GET /api/user-credits-payments': 'Compras de créditos de la empresa.',
    'GET /api/user-credits-payments/:id': 'Una compra de créditos.',
    'GET /api/user-credits-payments/:id/invoice-xml': 'XML de la factura de una compra.',
    'GET /api/user-credits-payments/:id/invoice-pdf': 'PDF de la factura de una compra.',
    'GET /api/user-credits-spendings': 'Consumo de créditos: un renglón por comprobante timbrado.',
    'POST /api/payments/webhooks/:gateway': {
      resumen: 'Recibe los avisos firmados de la pasarela de pago.',
      descripcion: 'Solo para la pasarela configurada: verifica su firma y acredita la compra.',
    },
  }),
};
