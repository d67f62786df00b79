import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAT_XML_DIR, validarXsd, validarXsdSync } from './xsd.ts';

const ejemplo = (f: string) => readFileSync(`${SAT_XML_DIR}examples/${f}`, 'utf8');

describe('validarXsd (SAT schemas compiled once, libxml2)', () => {
  it('accepts the SAT-valid examples, again and again with the same compiled schema', async () => {
    const xml = ejemplo('signed-ingreso-implocal-AAA010101AAA.xml');
    expect(await validarXsd(xml)).toEqual([]);
    expect(validarXsdSync(ejemplo('minimal-cfdi40.xml'))).toEqual([]);
    expect(validarXsdSync(xml)).toEqual([]);
  });

  it('rejects a value outside a SAT catalog enumeration, naming the attribute', () => {
    const xml = ejemplo('signed-ingreso-implocal-AAA010101AAA.xml').replace(
      'Moneda="MXN"',
      'Moneda="MXX"',
    );
    const errores = validarXsdSync(xml);
    expect(errores.length).toBeGreaterThan(0);
    expect(errores[0]).toMatch(/Moneda/);
    expect(errores[0]).toMatch(/MXX/);
  });

  it('rejects an element the schema does not allow, and then still accepts a valid document', () => {
    const xml = ejemplo('minimal-cfdi40.xml').replace(
      /<cfdi:Emisor /,
      '<cfdi:Intruso Valor="1"/><cfdi:Emisor ',
    );
    expect(validarXsdSync(xml).join(' ')).toMatch(/Intruso/);
    expect(validarXsdSync(ejemplo('minimal-cfdi40.xml'))).toEqual([]);
  });

  it('answers the parser error of a malformed document', () => {
    expect(validarXsdSync('<cfdi:Comprobante').length).toBeGreaterThan(0);
  });
});
