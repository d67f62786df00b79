import type { Capacidad } from '@repo/contracts/roles';

/**
 * Issue 27: the screens a role may open, by route name; a signed-in route not listed only reads
 * ('ver', every role). The capabilities are the API's (@repo/contracts/roles), so a screen the
 * role cannot use is neither offered in a menu nor opened, and never calls the API to be refused.
 */
export const CAPACIDAD_DE_PANTALLA: Readonly<Record<string, Capacidad>> = {
  'clients.create': 'emitir',
  'clients.edit': 'emitir',
  'clients.import': 'emitir',
  'clients.import.report': 'emitir',
  'clients.import.usosCfdi': 'emitir',
  'clients.import.formasPago': 'emitir',
  'clients.import.regimenesFiscales': 'emitir',
  'productsServices.create': 'emitir',
  'productsServices.edit': 'emitir',
  'productsServices.import': 'emitir',
  'productsServices.import.report': 'emitir',
  'productsServices.import.catalogoProductosServicios': 'emitir',
  'productsServices.import.catalogoUnidadesMedida': 'emitir',
  'facturacion.facturas.nuevo': 'emitir',
  'facturacion.facturas.editar': 'emitir',
  'facturacion.facturas.clonar': 'emitir',
  'facturacion.facturas.sustituir': 'emitir',
  'facturacion.facturas-globales.create': 'emitir',
  'facturacion.facturas-globales.edit': 'emitir',
  'facturacion.facturas-globales.sustituir': 'emitir',
  configs: 'configurar',
  'configs.datosFiscales': 'configurar',
  'configs.sellos': 'configurar',
  'configs.series': 'configurar',
  'configs.gruposDeImpuestos': 'configurar',
  'configs.webhooks': 'configurar',
  'configs.usuarios': 'usuarios',
  'configs.bitacora': 'bitacora',
  buyCredits: 'comprar',
  'buyCredits.checkOut': 'comprar',
};

export function capacidadDePantalla(name: string): Capacidad {
  return CAPACIDAD_DE_PANTALLA[name] ?? 'ver';
}
