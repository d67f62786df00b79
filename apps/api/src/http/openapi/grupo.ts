// The entries of the document's table (documentacion.ts), one group (tag) at a time.

/** The groups of the document, in the order a reader meets them. */
export const ETIQUETAS = [
  { name: 'Sistema', description: 'Estado del servicio y configuración pública.' },
  { name: 'Cuenta', description: 'Inicio de sesión, contraseña y datos del usuario.' },
  { name: 'Equipo', description: 'Miembros de la empresa, sus roles e invitaciones.' },
  { name: 'Registro', description: 'Alta de una cuenta nueva y su configuración inicial.' },
  { name: 'Clientes', description: 'Receptores de los comprobantes de la empresa.' },
  { name: 'Productos y servicios', description: 'Lo que la empresa vende, con su clave del SAT.' },
  {
    name: 'Configuración fiscal',
    description: 'Impuestos, grupos de impuestos, series, sellos y datos fiscales.',
  },
  { name: 'Catálogos del SAT', description: 'Consultas a los catálogos del SAT.' },
  { name: 'Facturas', description: 'Facturas de ingreso: borradores, timbrado y cancelación.' },
  {
    name: 'Comprobantes',
    description: 'PDF, XML, envío por correo y enlaces de cualquier comprobante timbrado.',
  },
  { name: 'Complementos de pago', description: 'Recepción de pagos de facturas en PPD.' },
  { name: 'Notas de crédito', description: 'Descuentos y devoluciones sobre facturas.' },
  { name: 'Anticipos', description: 'Anticipos y su aplicación a la factura final.' },
  { name: 'Facturas globales', description: 'Ventas al público en general de un periodo.' },
  { name: 'Recibos', description: 'Notas de venta de un punto de venta, por facturar.' },
  {
    name: 'Portal de autofacturación',
    description: 'Rutas públicas con las que el cliente factura su ticket.',
  },
  {
    name: 'Webhooks',
    description: 'Endpoints que reciben los eventos de la empresa, firmados, y sus entregas.',
  },
  {
    name: 'Claves de API',
    description: 'Claves con las que un programa usa la API en nombre de la empresa.',
  },
  { name: 'Créditos', description: 'Planes, compras de créditos de timbrado y su consumo.' },
] as const;
export type Etiqueta = (typeof ETIQUETAS)[number]['name'];

export interface DocumentacionDeRuta {
  etiqueta: Etiqueta;
  /** One line: what the route does. */
  resumen: string;
  descripcion?: string;
  /** A request body the route accepts (checked against its zod schema when the document is built). */
  ejemplo?: unknown;
}

type Entrada = string | Omit<DocumentacionDeRuta, 'etiqueta'>;

/** Entries of one group: a summary alone, or the summary with a description and an example. */
export function grupo(
  etiqueta: Etiqueta,
  entradas: Record<string, Entrada>,
): Record<string, DocumentacionDeRuta> {
  return Object.fromEntries(
    Object.entries(entradas).map(([clave, e]) => [
      clave,
      typeof e === 'string' ? { etiqueta, resumen: e } : { etiqueta, ...e },
    ]),
  );
}
