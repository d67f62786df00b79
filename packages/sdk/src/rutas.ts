// The routes the client calls, "METHOD /api/path/:param" as the OpenAPI document (/api/docs)
// writes them; a test checks each one against the document.
export const RUTAS = {
  clientes: {
    listar: 'GET /api/clients',
    obtener: 'GET /api/clients/:id',
    crear: 'POST /api/clients',
    modificar: 'PUT /api/clients/:id',
    eliminar: 'DELETE /api/clients/:id',
  },
  productos: {
    listar: 'GET /api/products-services',
    obtener: 'GET /api/products-services/:id',
    crear: 'POST /api/products-services',
    modificar: 'PUT /api/products-services/:id',
    eliminar: 'DELETE /api/products-services/:id',
  },
  facturas: {
    timbrar: 'POST /api/facturacion/V40/facturas-ingreso',
    obtener: 'GET /api/facturacion/V40/facturas-ingreso/:id',
    listar: 'GET /api/facturacion/V40/facturas-ingreso',
    cancelar: 'POST /api/facturacion/V40/cancelar-factura',
    estadoCancelacion: 'POST /api/facturacion/V40/facturas-ingreso/:id/estado-cancelacion',
  },
  comprobantes: {
    pdf: 'GET /api/comprobantes/v40/:id/get-invoice-pdf',
    xml: 'GET /api/comprobantes/v40/:id/get-invoice-xml',
    enviarPorCorreo: 'POST /api/comprobantes/v40/:id/send-by-email',
  },
  complementosPago: {
    timbrar: 'POST /api/facturacion/V40/complemento-pago',
    deFactura: 'GET /api/facturacion/V40/complemento-pago/:id',
    cancelar: 'POST /api/facturacion/V40/complemento-pago/:id/cancelar',
  },
  recibos: {
    crear: 'POST /api/recibos/:enterpriseId',
    listar: 'GET /api/recibos/:enterpriseId',
    obtener: 'GET /api/recibos/detalle/:id',
    cancelar: 'POST /api/recibos/detalle/:id/cancelar',
  },
  portal: {
    empresa: 'GET /api/portal/:slug',
    ticket: 'POST /api/portal/:slug/ticket',
    facturar: 'POST /api/portal/:slug/facturar',
  },
  webhooks: {
    listar: 'GET /api/webhooks/:enterpriseId',
    crear: 'POST /api/webhooks/:enterpriseId',
    modificar: 'PUT /api/webhooks/endpoint/:id',
    eliminar: 'DELETE /api/webhooks/endpoint/:id',
    prueba: 'POST /api/webhooks/endpoint/:id/prueba',
    entregas: 'GET /api/webhooks/endpoint/:id/entregas',
    entrega: 'GET /api/webhooks/entregas/:id',
    reenviar: 'POST /api/webhooks/entregas/:id/reenviar',
  },
} as const;
