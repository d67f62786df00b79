/** The SPA paths of an invoice (spec section 2, /facturacion/facturas/...). */
export const facturaPaths = {
  list: '/facturacion/facturas',
  nuevo: '/facturacion/facturas/nuevo',
  detalle: (id: number) => `/facturacion/facturas/detalle/${id}`,
  editar: (id: number) => `/facturacion/facturas/editar/${id}`,
  clonar: (id: number) => `/facturacion/facturas/clonar/${id}`,
  sustituir: (id: number) => `/facturacion/facturas/sustituir/${id}`,
};
