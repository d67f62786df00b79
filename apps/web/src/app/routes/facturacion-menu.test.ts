// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../router.tsx';
import { menuFacturacion } from './facturacion.tsx';

describe('the invoicing menu (/facturacion)', () => {
  it("shows one card per document type, in the route table's order, as each type declares it", () => {
    expect(menuFacturacion(ROUTES)).toEqual([
      {
        name: 'facturacion.facturas',
        title: 'Facturas',
        text: 'Emita facturas de ingreso, guarde pre facturas, descargue el PDF y el XML, compártalas y cancélelas.',
        path: '/facturacion/facturas',
      },
      {
        name: 'facturacion.pagos-pendientes',
        title: 'Pagos pendientes',
        text: 'Vea lo que le deben sus facturas PPD y registre cada pago con su complemento de pago.',
        path: '/facturacion/pagos-pendientes',
      },
      {
        name: 'facturacion.facturas-globales',
        title: 'Facturas globales',
        text: 'Emita la factura global de sus ventas al público en general por mes y año.',
        path: '/facturacion/facturas-globales',
      },
      {
        name: 'facturacion.notas-credito',
        title: 'Notas de crédito',
        text: 'Vea sus notas de crédito por descuento, bonificación o devolución; se emiten desde la factura timbrada.',
        path: '/facturacion/notas-credito',
      },
      {
        name: 'facturacion.anticipos',
        title: 'Anticipos',
        text: 'Registre un anticipo y siga los pasos del SAT hasta aplicarlo; vea los que faltan por aplicar.',
        path: '/facturacion/anticipos',
      },
      {
        name: 'facturacion.recibos',
        title: 'Recibos y autofacturación',
        text: 'Vea las ventas de su punto de venta, su código y QR, y configure el portal de autofacturación.',
        path: '/facturacion/recibos',
      },
    ]);
  });

  it('gets the card of a type whose routes declare one, with no edit of the menu', () => {
    const notas = {
      ...ROUTES[0]!,
      path: '/facturacion/notas-de-debito',
      name: 'facturacion.notas-de-debito',
      title: 'Notas de débito',
      menuFacturacion: 'Emita notas de débito de sus facturas.',
    };
    expect(menuFacturacion([...ROUTES, notas]).map((c) => c.title)).toEqual([
      'Facturas',
      'Pagos pendientes',
      'Facturas globales',
      'Notas de crédito',
      'Anticipos',
      'Recibos y autofacturación',
      'Notas de débito',
    ]);
  });
});
