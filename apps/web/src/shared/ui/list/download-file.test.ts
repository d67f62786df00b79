import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="Productos y Servicios.xlsx"; filename*=UTF-8''Productos%20y%20Servicios.xlsx`,
        'x.xlsx',
      ),
    ).toBe('Productos y Servicios.xlsx');
    expect(fileNameOf('attachment; filename="Clientes.xlsx"', 'x.xlsx')).toBe('Clientes.xlsx');
    expect(fileNameOf(null, 'Clientes.xlsx')).toBe('Clientes.xlsx');
  });
});
