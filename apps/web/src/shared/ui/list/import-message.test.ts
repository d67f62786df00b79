import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.ts';
import { importFailureMessage, isXlsxFile } from './import-message.ts';

const FALLBACK = 'error al importar los clientes';

describe('importFailureMessage', () => {
  it("shows the server's message when it gives one", () => {
    const error = new ApiError(
      422,
      'x',
      { success: false, dataError: 'El archivo no contiene filas para importar.' },
      'x',
    );
    expect(importFailureMessage(error, FALLBACK)).toBe(
      'El archivo no contiene filas para importar.',
    );
  });

  it('falls back to the spec message when the server gives none', () => {
    expect(
      importFailureMessage(new ApiError(500, 'Internal Server Error', null, null), FALLBACK),
    ).toBe(FALLBACK);
    expect(importFailureMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
  });
});

describe('isXlsxFile', () => {
  it('takes .xlsx only', () => {
    expect(isXlsxFile({ name: 'Clientes.XLSX' })).toBe(true);
    expect(isXlsxFile({ name: 'clientes.csv' })).toBe(false);
    expect(isXlsxFile({ name: 'clientes.xls' })).toBe(false);
  });
});
