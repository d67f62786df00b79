import { grupo } from './grupo.ts';
import {
  BUSQUEDA_CLIENTES,
  BUSQUEDA_PRODUCTOS,
  CLIENTE,
  CLIENTE_RFC,
  DATOS_FISCALES,
  IMPUESTO_RETENIDO,
  IMPUESTO_TRASLADADO,
  PRODUCTO,
  RUBRO,
  RUBRO_NOMBRE,
  SERIE,
  SERIE_NUEVA,
} from './ejemplos.ts';

const XLSX = 'Descarga un archivo de Excel (.xlsx).';
const CP = { codigo_postal: '42501' };

export const RUTAS_CATALOGO = {
  ...grupo('Clientes', {
    'GET /api/clients': 'Lista los clientes de la empresa, por página.',
    'POST /api/clients': {
      resumen: 'Da de alta un cliente.',
      descripcion:
        'El nombre, el régimen y el código postal deben coincidir con la constancia de situación fiscal del cliente.',
      ejemplo: CLIENTE,
    },
    'POST /api/clients/search': {
      resumen: 'Busca clientes por nombre o RFC.',
      ejemplo: BUSQUEDA_CLIENTES,
    },
    'POST /api/clients/rfc-unique': {
      resumen: 'Indica si el RFC ya es de otro cliente.',
      ejemplo: CLIENTE_RFC,
    },
    'GET /api/clients/export': { resumen: 'Exporta los clientes.', descripcion: XLSX },
    'GET /api/clients/import/download-import-clients-template': {
      resumen: 'Plantilla para importar clientes.',
      descripcion: XLSX,
    },
    'POST /api/clients/import': 'Importa clientes de una hoja de cálculo (multipart/form-data).',
    'GET /api/clients/import/report': 'Informe de la última importación de clientes.',
    'GET /api/clients/:id': 'Un cliente.',
    'PUT /api/clients/:id': { resumen: 'Modifica un cliente.', ejemplo: CLIENTE },
    'DELETE /api/clients/:id': 'Elimina un cliente.',
  }),
  ...grupo('Productos y servicios', {
    'GET /api/products-services': 'Lista los productos y servicios, por página.',
    'POST /api/products-services': {
      resumen: 'Da de alta un producto o servicio.',
      descripcion:
        'Con la clave de producto o servicio y la clave de unidad del SAT, el precio sin impuestos y el grupo de impuestos.',
      ejemplo: PRODUCTO,
    },
    'POST /api/products-services/search': {
      resumen: 'Busca productos y servicios.',
      ejemplo: BUSQUEDA_PRODUCTOS,
    },
    'POST /api/products-services/internal-code-unique': {
      resumen: 'Indica si el código interno está libre.',
      ejemplo: { internal_code: 'SERV-001' },
    },
    'POST /api/products-services/description-unique': {
      resumen: 'Indica si la descripción está libre.',
      ejemplo: { description: 'Desarrollo de software a la medida (hora)' },
    },
    'GET /api/products-services/export': { resumen: 'Exporta los productos.', descripcion: XLSX },
    'GET /api/products-service/import/download-import-products-services-template': {
      resumen: 'Plantilla para importar productos y servicios.',
      descripcion: XLSX,
    },
    'POST /api/products-services/import':
      'Importa productos de una hoja de cálculo (multipart/form-data).',
    'GET /api/products-services/import/report': 'Informe de la última importación de productos.',
    'GET /api/products-services/iva-fronterizo':
      'Indica si la empresa aplica el IVA de la región fronteriza.',
    'GET /api/products-services/:id': 'Un producto o servicio.',
    'PUT /api/products-services/:id': { resumen: 'Modifica un producto.', ejemplo: PRODUCTO },
    'DELETE /api/products-services/:id': 'Elimina un producto o servicio.',
  }),
  ...grupo('Configuración fiscal', {
    'GET /api/impuestos-trasladados': 'Impuestos trasladados de la empresa.',
    'POST /api/impuestos-trasladados': {
      resumen: 'Crea un impuesto trasladado.',
      ejemplo: IMPUESTO_TRASLADADO,
    },
    'PUT /api/impuestos-trasladados/:id': {
      resumen: 'Modifica un impuesto trasladado.',
      ejemplo: IMPUESTO_TRASLADADO,
    },
    'DELETE /api/impuestos-trasladados/:id': 'Elimina un impuesto trasladado.',
    'GET /api/impuestos-trasladados/toggle-status/:id':
      'Activa o desactiva un impuesto trasladado.',
    'GET /api/impuestos-locales-trasladados/estado/:state':
      'Impuestos locales trasladados de un estado.',
    'GET /api/impuestos-retenidos': 'Impuestos retenidos de la empresa.',
    'POST /api/impuestos-retenidos': {
      resumen: 'Crea un impuesto retenido.',
      ejemplo: IMPUESTO_RETENIDO,
    },
    'PUT /api/impuestos-retenidos/:id': {
      resumen: 'Modifica un impuesto retenido.',
      ejemplo: IMPUESTO_RETENIDO,
    },
    'DELETE /api/impuestos-retenidos/:id': 'Elimina un impuesto retenido.',
    'GET /api/impuestos-retenidos/toggle-status/:id': 'Activa o desactiva un impuesto retenido.',
    'GET /api/impuestos-locales-retenidos/estado/:state':
      'Impuestos locales retenidos de un estado.',
    'GET /api/rubros-impuestos': 'Grupos de impuestos de la empresa.',
    'POST /api/rubros-impuestos': { resumen: 'Crea un grupo de impuestos.', ejemplo: RUBRO },
    'GET /api/rubros-impuestos/get-impuestos-trasladados':
      'Impuestos trasladados que un grupo puede incluir.',
    'POST /api/rubros-impuestos/validate-unique-name': {
      resumen: 'Indica si el nombre del grupo está libre.',
      ejemplo: RUBRO_NOMBRE,
    },
    'GET /api/rubros-impuestos/:id': 'Un grupo de impuestos.',
    'PUT /api/rubros-impuestos/:id': { resumen: 'Modifica un grupo de impuestos.', ejemplo: RUBRO },
    'DELETE /api/rubros-impuestos/:id': 'Elimina un grupo de impuestos.',
    'GET /api/series/:enterpriseId/facturas-ingreso': 'Series de facturas de ingreso.',
    'GET /api/series/:enterpriseId/facturas-globales': 'Series de facturas globales.',
    'GET /api/series/:enterpriseId/recepcion-pagos': 'Series de complementos de pago.',
    'GET /api/series/:enterpriseId/notas-credito': 'Series de notas de crédito.',
    'POST /api/series/:enterpriseId': { resumen: 'Crea una serie.', ejemplo: SERIE_NUEVA },
    'PUT /api/series/:id': {
      resumen: 'Modifica una serie.',
      descripcion: 'El folio siguiente nunca retrocede por debajo de uno ya timbrado.',
      ejemplo: SERIE,
    },
    'DELETE /api/series/:id': 'Elimina una serie sin comprobantes.',
    'GET /api/tipos-de-cambio/:moneda': 'Tipo de cambio del día publicado por el Banco de México.',
    'POST /api/sellos-fiscales/:enterpriseId/get-cer-file-info':
      'Lee un certificado (.cer) sin guardarlo: RFC, número y vigencia (multipart/form-data).',
    'GET /api/sellos-fiscales/:enterpriseId': 'Certificado de sello digital vigente.',
    'POST /api/sellos-fiscales/:enterpriseId':
      'Guarda el certificado de sello digital (.cer, .key y contraseña, multipart/form-data).',
    'GET /api/datos-fiscales/:enterpriseId': 'Datos fiscales de la empresa.',
    'PUT /api/datos-fiscales/:enterpriseId': {
      resumen: 'Guarda los datos fiscales de la empresa.',
      ejemplo: DATOS_FISCALES,
    },
    'POST /api/datos-fiscales/:enterpriseId/logo':
      'Sube el logotipo (multipart/form-data, PNG o JPEG).',
    'DELETE /api/datos-fiscales/:enterpriseId/logo': 'Quita el logotipo.',
    'GET /api/datos-fiscales/:enterpriseId/logo': 'Descarga el logotipo.',
    'GET /api/pac/certificado': 'Certificado del PAC con el que se verifican los timbres.',
  }),
  ...grupo('Catálogos del SAT', {
    'GET /api/catalogos/estados': 'Estados (c_Estado).',
    'GET /api/catalogos/estados/key/:key': 'Un estado por su clave.',
    'GET /api/catalogos/regimenes-fiscales': 'Regímenes fiscales (c_RegimenFiscal).',
    'GET /api/catalogos/regimenes-fiscales/:x':
      'Regímenes fiscales de una persona física o moral, según el RFC.',
    'GET /api/catalogos/objetos-impuesto': 'Objetos de impuesto (c_ObjetoImp).',
    'GET /api/catalogos/usos-cfdis': 'Usos del CFDI (c_UsoCFDI).',
    'GET /api/catalogos/usos-cfdis/:rfc/:regimen':
      'Usos del CFDI que admite un receptor con ese RFC y régimen.',
    'GET /api/catalogos/formas-pagos': 'Formas de pago (c_FormaPago).',
    'GET /api/catalogos/metodos-pago': 'Métodos de pago (c_MetodoPago).',
    'GET /api/catalogos/motivos-cancelacion': 'Motivos de cancelación.',
    'GET /api/catalogos/paises': 'Países (c_Pais).',
    'GET /api/catalogos/unidades/most-used': 'Claves de unidad más usadas.',
    'POST /api/catalogos/productos-servicios/search': {
      resumen: 'Busca claves de producto o servicio (c_ClaveProdServ).',
      ejemplo: { data_search: 'software' },
    },
    'POST /api/catalogos/unidades/search': {
      resumen: 'Busca claves de unidad (c_ClaveUnidad).',
      ejemplo: { data_search: 'pieza' },
    },
    'POST /api/catalogos/codigos-postales/search': {
      resumen: 'Datos de un código postal (c_CodigoPostal).',
      ejemplo: CP,
    },
    'POST /api/catalogos/municipios/search': {
      resumen: 'Municipios de un código postal.',
      ejemplo: CP,
    },
    'POST /api/catalogos/localidades/search': {
      resumen: 'Localidades de un código postal.',
      ejemplo: CP,
    },
    'POST /api/catalogos/colonias/search': {
      resumen: 'Colonias de un código postal.',
      ejemplo: CP,
    },
  }),
};
