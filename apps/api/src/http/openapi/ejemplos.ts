// Request bodies shared by several routes of the document (the signed-in route and its twin of the
// setup wizard, a create and its update). Ids are those of a fresh enterprise: 1 is its first row.

export const CLIENTE = {
  name_razon_social: 'COMERCIALIZADORA DEL BAJIO',
  rfc: 'CBA010101AB1',
  usoCfdi: 'G03',
  regimenFiscal: '601',
  metodoPago: 'PUE',
  formaPago: '03',
  email: ['compras@comercializadora.example'],
  address: { codigo_postal: '37000', calle: 'Av. Juárez', numero_exterior: '120' },
};

export const CLIENTE_RFC = { rfc: 'CBA010101AB1' };

export const PRODUCTO = {
  productServiceObj: { clave: '81111500' },
  unitsObj: { clave: 'E48' },
  unity_price: '1500.00',
  internal_code: 'SERV-001',
  description: 'Desarrollo de software a la medida (hora)',
  taxesGroup: 1,
};

export const BUSQUEDA_CLIENTES = { data_search: 'COMERCIAL', current_page: 1, items_perpage: 30 };
export const BUSQUEDA_PRODUCTOS = { data_search: 'software', current_page: 1, items_perpage: 30 };

export const IMPUESTO_TRASLADADO = { tax_type: 'IVA', tipo_factor: 'Tasa', value: '0.160000' };
export const IMPUESTO_RETENIDO = { tax_type: 'ISR', tipo_factor: 'Tasa', value: '0.100000' };

export const RUBRO = {
  name: 'IVA 16% con retención de ISR 10%',
  objeto_impuesto_key: '02',
  impuestos_trasladados: [{ id: 1, selected: true }],
  impuestos_retenidos: [{ id: 1, selected: true }],
};
export const RUBRO_NOMBRE = { name: 'IVA 16%', enterprise_id: 1 };

export const SERIE_NUEVA = { kind: 'facturas-ingreso', serie: 'B', folio: 1 };
export const SERIE = { serie: 'B', folio: 100 };

export const DATOS_FISCALES = {
  razon_social: 'ESCUELA KEMPER URGATE',
  nombre_comercial: 'Kemper',
  regimen_fiscal: '601',
  codigo_postal: '42501',
};

export const FACTURA = {
  client_id: 1,
  serie_id: 1,
  forma_pago: '03',
  metodo_pago: 'PUE',
  uso_cfdi: 'G03',
  moneda: 'MXN',
  partidas: [
    {
      product_service_id: 1,
      cantidad: '2',
      precio_unitario: '1500.00',
      impuestos_trasladados: [1],
    },
  ],
};

export const CANCELACION = { motivo: '02' };

export const IDEMPOTENCIA =
  'Envíe el encabezado `Idempotency-Key` (de 8 a 100 caracteres): si repite la solicitud con la misma clave, recibe el mismo comprobante y no se timbra dos veces.';
