import type { DocumentacionDeRuta } from './grupo.ts';
import { RUTAS_CATALOGO } from './rutas-catalogo.ts';
import { RUTAS_CUENTA } from './rutas-cuenta.ts';
import { RUTAS_FACTURACION } from './rutas-facturacion.ts';
import { RUTAS_INTEGRACIONES } from './rutas-integraciones.ts';
import { RUTAS_REGISTRO } from './rutas-registro.ts';

/** Every route of the app, "METHOD url" as Fastify has it (permisos.ts writes its keys the same way). */
export const DOCUMENTACION: Readonly<Record<string, DocumentacionDeRuta>> = {
  ...RUTAS_CUENTA,
  ...RUTAS_REGISTRO,
  ...RUTAS_CATALOGO,
  ...RUTAS_FACTURACION,
  ...RUTAS_INTEGRACIONES,
};
