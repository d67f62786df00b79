import { describe, expect, it } from 'vitest';
import { motivosCancelacionOf } from './motivos-cancelacion.ts';

describe('motivosCancelacionOf', () => {
  it('offers every motivo of the SAT catalog except 01 and 04', () => {
    const catalogo = [
      { clave: '01', descripcion: 'Comprobante emitido con errores con relación.' },
      { clave: '02', descripcion: 'Comprobante emitido con errores sin relación.' },
      { clave: '03', descripcion: 'No se llevó a cabo la operación.' },
      { clave: '04', descripcion: 'Operación nominativa relacionada en una factura global.' },
    ];
    expect(motivosCancelacionOf(catalogo).map((m) => m.clave)).toEqual(['02', '03']);
  });
});
