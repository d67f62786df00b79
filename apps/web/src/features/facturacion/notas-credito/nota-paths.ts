/** The credit notes' screens (issue 25). */
export const notaPaths = {
  list: '/facturacion/notas-credito',
  detalle: (id: number) => `/facturacion/notas-credito/detalle/${String(id)}`,
  /** An invoice's detail: a note links the invoices it credits. */
  factura: (id: number) => `/facturacion/facturas/detalle/${String(id)}`,
};
