import { describe, expect, it } from 'vitest';
import { verificacionUrl } from './verificacion-url.ts';

describe('verificacionUrl', () => {
  it('follows the SAT expression: id, re, rr, tt without non-significant zeros, fe = last 8 of the sello', () => {
    const url = verificacionUrl({
      uuid: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C',
      rfcEmisor: 'EKU9003173C9',
      rfcReceptor: 'CACX7605101P8',
      total: '1160.00',
      sello: 'QWERTYUIOPASDFGHJKLzxcvbnm12345678',
    });
    expect(url).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C&re=EKU9003173C9&rr=CACX7605101P8&tt=1160.0&fe=12345678',
    );
  });

  it.each([
    ['0.99', '0.99'],
    ['1.00', '1.0'],
    ['001160.50', '1160.5'],
    ['0.000000', '0.0'],
  ])('total %s is written %s', (total, tt) => {
    const url = new URL(
      verificacionUrl({ uuid: 'U', rfcEmisor: 'A', rfcReceptor: 'B', total, sello: 'x' }),
    );
    expect(url.searchParams.get('tt')).toBe(tt);
  });

  it('keeps RFCs with & and Ñ and a sello ending in base64 padding readable', () => {
    expect(
      verificacionUrl({
        uuid: 'U',
        rfcEmisor: 'Ñ&A',
        rfcReceptor: 'B',
        total: '1',
        sello: 'ab/de/fg==',
      }),
    ).toBe(
      `${'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx'}?id=U&re=Ñ%26A&rr=B&tt=1.0&fe=/de/fg==`,
    );
    const url = new URL(
      verificacionUrl({
        uuid: 'U',
        rfcEmisor: 'Ñ&A010101AAA',
        rfcReceptor: 'XAXX010101000',
        total: '10',
        sello: 'abc/x/de/fg==',
      }),
    );
    expect(url.searchParams.get('re')).toBe('Ñ&A010101AAA');
    expect(url.searchParams.get('fe')).toBe('/de/fg==');
  });
});
