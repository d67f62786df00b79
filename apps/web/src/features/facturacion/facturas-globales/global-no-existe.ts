/** A global asked for by a wrong or foreign id (detail and edit screens). */
export const GLOBAL_NO_EXISTE = 'La factura global no existe o no es de su empresa.';
