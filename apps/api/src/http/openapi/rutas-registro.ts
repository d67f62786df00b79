import { grupo } from './grupo.ts';
import {
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

// The setup wizard of a new account: the same operations as the signed-in routes, authorized by the
// registration token in the path instead of a session.
const T = '/api/new-client';
const NOTA = 'Asistente de configuración inicial: autoriza el token de registro de la ruta.';
const paso = (resumen: string, ejemplo?: unknown) => ({ resumen, descripcion: NOTA, ejemplo });

export const RUTAS_REGISTRO = grupo('Registro', {
  [`GET ${T}/clients/:newClientToken`]: paso('Clientes dados de alta durante el registro.'),
  [`POST ${T}/clients/:newClientToken`]: paso('Da de alta un cliente.', CLIENTE),
  [`POST ${T}/clients/:newClientToken/rfc-unique`]: paso(
    'Indica si el RFC ya es de otro cliente.',
    CLIENTE_RFC,
  ),
  [`PUT ${T}/clients/:newClientToken/:id`]: paso('Modifica un cliente.', CLIENTE),
  [`DELETE ${T}/clients/:newClientToken/:id`]: paso('Elimina un cliente.'),
  [`GET ${T}/products-services/:newClientToken`]: paso('Productos y servicios dados de alta.'),
  [`POST ${T}/products-services/:newClientToken`]: paso(
    'Da de alta un producto o servicio.',
    PRODUCTO,
  ),
  [`GET ${T}/products-services/:newClientToken/iva-fronterizo`]: paso(
    'Indica si la empresa aplica el IVA de la región fronteriza.',
  ),
  [`POST ${T}/products-services/:newClientToken/internal-code-unique`]: paso(
    'Indica si el código interno está libre.',
    { internal_code: 'SERV-001' },
  ),
  [`POST ${T}/products-services/:newClientToken/description-unique`]: paso(
    'Indica si la descripción está libre.',
    { description: 'Desarrollo de software a la medida (hora)' },
  ),
  [`GET ${T}/datos-fiscales/:newClientToken`]: paso('Datos fiscales de la empresa.'),
  [`PUT ${T}/datos-fiscales/:newClientToken`]: paso('Guarda los datos fiscales de la empresa.', {
    ...DATOS_FISCALES,
    rfc: 'EKU9003173C9',
  }),
  [`POST ${T}/datos-fiscales/:newClientToken/logo`]: paso(
    'Sube el logotipo (multipart/form-data, PNG o JPEG).',
  ),
  [`DELETE ${T}/datos-fiscales/:newClientToken/logo`]: paso('Quita el logotipo.'),
  [`GET ${T}/datos-fiscales/:newClientToken/logo`]: paso('Descarga el logotipo.'),
  [`POST ${T}/sellos-fiscales/:newClientToken/get-cer-file-info`]: paso(
    'Lee un certificado (.cer) sin guardarlo: RFC, número y vigencia.',
  ),
  [`GET ${T}/sellos-fiscales/:newClientToken`]: paso('Certificado de sello digital vigente.'),
  [`POST ${T}/sellos-fiscales/:newClientToken`]: paso(
    'Guarda el certificado de sello digital (.cer, .key y contraseña, multipart/form-data).',
  ),
  [`GET ${T}/rubros-impuesto/:newClientToken`]: paso('Grupos de impuestos de la empresa.'),
  [`POST ${T}/rubros-impuesto/:newClientToken`]: paso('Crea un grupo de impuestos.', RUBRO),
  [`GET ${T}/rubros-impuesto/:newClientToken/get-impuestos-trasladados`]: paso(
    'Impuestos trasladados que un grupo puede incluir.',
  ),
  [`POST ${T}/rubros-impuesto/:newClientToken/validate-unique-name`]: paso(
    'Indica si el nombre del grupo está libre.',
    RUBRO_NOMBRE,
  ),
  [`GET ${T}/rubros-impuesto/:newClientToken/:id`]: paso('Un grupo de impuestos.'),
  [`PUT ${T}/rubros-impuesto/:newClientToken/:id`]: paso('Modifica un grupo de impuestos.', RUBRO),
  [`DELETE ${T}/rubros-impuesto/:newClientToken/:id`]: paso('Elimina un grupo de impuestos.'),
  [`GET ${T}/impuestos-trasladados/:newClientToken`]: paso('Impuestos trasladados.'),
  [`POST ${T}/impuestos-trasladados/:newClientToken`]: paso(
    'Crea un impuesto trasladado.',
    IMPUESTO_TRASLADADO,
  ),
  [`PUT ${T}/impuestos-trasladados/:newClientToken/:id`]: paso(
    'Modifica un impuesto trasladado.',
    IMPUESTO_TRASLADADO,
  ),
  [`DELETE ${T}/impuestos-trasladados/:newClientToken/:id`]: paso(
    'Elimina un impuesto trasladado.',
  ),
  [`GET ${T}/impuestos-locales-trasladados/:newClientToken/estado/:state`]: paso(
    'Impuestos locales trasladados de un estado.',
  ),
  [`GET ${T}/impuestos-retenidos/:newClientToken`]: paso('Impuestos retenidos.'),
  [`POST ${T}/impuestos-retenidos/:newClientToken`]: paso(
    'Crea un impuesto retenido.',
    IMPUESTO_RETENIDO,
  ),
  [`PUT ${T}/impuestos-retenidos/:newClientToken/:id`]: paso(
    'Modifica un impuesto retenido.',
    IMPUESTO_RETENIDO,
  ),
  [`DELETE ${T}/impuestos-retenidos/:newClientToken/:id`]: paso('Elimina un impuesto retenido.'),
  [`GET ${T}/impuestos-locales-retenidos/:newClientToken/estado/:state`]: paso(
    'Impuestos locales retenidos de un estado.',
  ),
  [`GET ${T}/series/:newClientToken/facturas-ingreso`]: paso('Series de facturas de ingreso.'),
  [`GET ${T}/series/:newClientToken/facturas-globales`]: paso('Series de facturas globales.'),
  [`GET ${T}/series/:newClientToken/recepcion-pagos`]: paso('Series de complementos de pago.'),
  [`GET ${T}/series/:newClientToken/notas-credito`]: paso('Series de notas de crédito.'),
  [`POST ${T}/series/:newClientToken`]: paso('Crea una serie.', SERIE_NUEVA),
  [`PUT ${T}/series/:newClientToken/:id`]: paso('Modifica una serie.', SERIE),
  [`DELETE ${T}/series/:newClientToken/:id`]: paso('Elimina una serie.'),
});
