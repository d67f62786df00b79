import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('takes the name the API gives the attachment', () => {
    expect(fileNameOf('attachment; filename="EKU9003173C9_A-1_5F1E.pdf"', 'factura.pdf')).toBe(
      'EKU9003173C9_A-1_5F1E.pdf',
    );
    expect(fileNameOf('attachment; filename=factura.xml', 'x.xml')).toBe('factura.xml');
  });

  it('prefers the UTF-8 name and falls back when there is none', () => {
    expect(
      fileNameOf('attachment; filename="Ano.pdf"; filename*=UTF-8\'\'A%C3%B1o%202026.pdf', 'x.pdf'),
    ).toBe('Año 2026.pdf');
    expect(fileNameOf(null, 'factura.pdf')).toBe('factura.pdf');
    expect(fileNameOf('attachment', 'factura.pdf')).toBe('factura.pdf');
  });
});
