import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cargarValidadorXsd,
  contadoresXsd,
  validarXsd,
  validarXsdCompletoSync,
  validarXsdSync,
} from './xsd.ts';
import { SAT_XML_DIR, UMBRAL_ENUMERACION, construirEsquemaRelajado } from './xsd-relajado.ts';

const ejemplo = (f: string) => readFileSync(`${SAT_XML_DIR}examples/${f}`, 'utf8');
const CAT_CFDI = 'www.sat.gob.mx/sitio_internet/cfd/catalogos/catCFDI.xsd';

/** The values of a simpleType's enumeration in an XSD text. */
function enumeracion(xsd: string, tipo: string): string[] {
  const bloque = new RegExp(`<xs:simpleType name="${tipo}">([\\s\\S]*?)</xs:simpleType>`).exec(
    xsd,
  )?.[1];
  return [...(bloque ?? '').matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1] ?? '');
}

beforeAll(async () => {
  await cargarValidadorXsd();
});

describe('validarXsd (SAT schemas compiled once, libxml2)', () => {
  it('accepts the SAT-valid examples, again and again with the same compiled schema', async () => {
    const xml = ejemplo('signed-ingreso-implocal-AAA010101AAA.xml');
    expect(await validarXsd(xml)).toEqual([]);
    expect(validarXsdSync(ejemplo('minimal-cfdi40.xml'))).toEqual([]);
    expect(validarXsdSync(ejemplo('signed-pago20-fake-tfd-AAA010101AAA.xml'))).toEqual([]);
    const antes = { ...contadoresXsd };
    expect(validarXsdSync(xml)).toEqual([]);
    // a valid document is answered by the relaxed schema and the sets, never by the full schema
    expect(contadoresXsd).toEqual({ rapido: antes.rapido + 1, completo: antes.completo });
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

describe('huge catalog enumerations checked by set lookup', () => {
  const original = readFileSync(`${SAT_XML_DIR}${CAT_CFDI}`, 'utf8');
  const esquema = construirEsquemaRelajado();

  it('finds the huge catalog types and the attributes declared with them in the XSDs themselves', () => {
    expect(esquema).toBeDefined();
    const atributos = Object.fromEntries(
      [...(esquema?.atributos ?? [])].map(([a, tipos]) => [a, tipos.map((t) => t.tipo)]),
    );
    // every catalog type of catCFDI.xsd above the threshold, each with its attributes in the schemas
    const grandes = [...original.matchAll(/<xs:simpleType name="([^"]+)">/g)]
      .map((m) => m[1] ?? '')
      .filter((t) => enumeracion(original, t).length > UMBRAL_ENUMERACION);
    expect(grandes.sort()).toEqual(['c_ClaveProdServ', 'c_ClaveUnidad']);
    expect(atributos).toEqual({
      ClaveProdServ: ['c_ClaveProdServ'],
      ClaveUnidad: ['c_ClaveUnidad'],
    });
  });

  it('the sets hold exactly the values of the same XSD; the relaxed copy keeps every other type', () => {
    for (const [atributo, tipo] of [
      ['ClaveProdServ', 'c_ClaveProdServ'],
      ['ClaveUnidad', 'c_ClaveUnidad'],
    ] as const) {
      const sat = enumeracion(original, tipo);
      expect(sat.length).toBeGreaterThan(UMBRAL_ENUMERACION);
      expect([...(esquema?.atributos.get(atributo)?.[0]?.valores ?? [])].sort()).toEqual(
        [...sat].sort(),
      );
    }
    const relajado = esquema?.archivos.get(CAT_CFDI) ?? '';
    expect(enumeracion(relajado, 'c_ClaveProdServ')).toEqual([]);
    expect(enumeracion(relajado, 'c_ClaveUnidad')).toEqual([]);
    expect(relajado).toMatch(
      /<xs:simpleType name="c_ClaveProdServ">\s*<xs:restriction base="xs:string">\s*<xs:whiteSpace value="collapse"\/>\s*<\/xs:restriction>/,
    );
    for (const tipo of ['c_Moneda', 'c_Pais', 'c_UsoCFDI', 'c_FormaPago'])
      expect(enumeracion(relajado, tipo)).toEqual(enumeracion(original, tipo));
    // the repository's files are read, never written
    expect(readFileSync(`${SAT_XML_DIR}${CAT_CFDI}`, 'utf8')).toBe(original);
  });

  it('answers exactly what the full SAT schema answers, valid or not', () => {
    const base = ejemplo('signed-ingreso-implocal-AAA010101AAA.xml');
    const minimo = ejemplo('minimal-cfdi40.xml');
    const prod = enumeracion(original, 'c_ClaveProdServ');
    const unidades = enumeracion(original, 'c_ClaveUnidad');
    const casos = [
      base,
      minimo,
      // non-existent postal codes (a pattern in this catCFDI.xsd, unchanged): as before
      base.replace(/LugarExpedicion="\d+"/, 'LugarExpedicion="00000"'),
      base.replace(/LugarExpedicion="\d+"/, 'LugarExpedicion="0630"'),
      minimo.replace('DomicilioFiscalReceptor="42501"', 'DomicilioFiscalReceptor="00000"'),
      minimo.replace('DomicilioFiscalReceptor="42501"', 'DomicilioFiscalReceptor="4250A"'),
      // first and last values of each catalog; whitespace the XSD collapses; a character reference
      minimo.replace('ClaveProdServ="01010101"', `ClaveProdServ="${prod.at(-1)}"`),
      minimo.replace('ClaveUnidad="H87"', `ClaveUnidad="${unidades[0]}"`),
      minimo.replace('ClaveUnidad="H87"', `ClaveUnidad="${unidades.at(-1)}"`),
      minimo.replace('ClaveProdServ="01010101"', 'ClaveProdServ=" 01010101 "'),
      minimo.replace('ClaveProdServ="01010101"', 'ClaveProdServ="&#48;1010101"'),
      minimo.replace('ClaveProdServ="01010101"', "ClaveProdServ = '01010101'"),
      // an attribute value holding the name must not hide the real attribute after it (here the
      // repeated NoIdentificacion makes it a parse error)
      minimo.replace(
        'ClaveProdServ="01010101"',
        'NoIdentificacion=" ClaveProdServ=" ClaveProdServ="1"',
      ),
      // xsi:type is left to the full schema
      minimo.replace('<cfdi:Emisor ', '<cfdi:Emisor xsi:type="xs:string" '),
      // the text search finds a value inside another attribute: the document stays valid
      minimo.replace('NoIdentificacion="SKU-1"', 'NoIdentificacion=" ClaveProdServ="'),
      // another parse, no schema error
      '<cfdi:Comprobante',
    ];
    for (const xml of casos) expect(validarXsdSync(xml)).toEqual(validarXsdCompletoSync(xml));
    expect(validarXsdSync(casos[6] ?? '')).toEqual([]);
    expect(validarXsdSync(casos[9] ?? '')).toEqual([]);
    expect(validarXsdSync(casos[10] ?? '')).toEqual([]);
  });

  it('rejects a key outside a huge catalog with a short message of its own, before the other errors', () => {
    // libxml2's own message for these lists the whole catalog (about 17 s of CPU to build):
    // the full schema is not asked, and its verdict (rejected) is the same
    const base = ejemplo('signed-ingreso-implocal-AAA010101AAA.xml');
    const minimo = ejemplo('minimal-cfdi40.xml');
    const antes = { ...contadoresXsd };
    const casos: [string, string[]][] = [
      [
        base.replace('ClaveProdServ="90111501"', 'ClaveProdServ="99999999"'),
        ['ClaveProdServ', '99999999', 'c_ClaveProdServ'],
      ],
      [
        base.replace('ClaveUnidad="E48"', 'ClaveUnidad="ZZZ"'),
        ['ClaveUnidad', 'ZZZ', 'c_ClaveUnidad'],
      ],
      [
        minimo.replace('ClaveProdServ="01010101"', 'ClaveProdServ="0101010"'),
        ['ClaveProdServ', '0101010', 'c_ClaveProdServ'],
      ],
      [
        minimo.replace('ClaveUnidad="H87"', 'ClaveUnidad="h87"'),
        ['ClaveUnidad', 'h87', 'c_ClaveUnidad'],
      ],
      [
        minimo.replace('ClaveProdServ="01010101"', 'ClaveProdServ="0101 0101"'),
        ['ClaveProdServ', '0101 0101', 'c_ClaveProdServ'],
      ],
      [
        minimo.replace('ClaveProdServ="01010101"', 'ClaveProdServ="&#57;9999999"'),
        ['ClaveProdServ', '99999999', 'c_ClaveProdServ'],
      ],
      // an attribute value holding the name must not hide the real attribute after it
      [
        minimo
          .replace('ClaveProdServ="01010101"', 'ClaveProdServ="1"')
          .replace('NoIdentificacion="SKU-1"', 'NoIdentificacion=" ClaveProdServ="'),
        ['ClaveProdServ', "'1'", 'c_ClaveProdServ'],
      ],
    ];
    for (const [xml, partes] of casos) {
      const errores = validarXsdSync(xml);
      expect(errores).toHaveLength(1);
      for (const p of partes) expect(errores[0]).toContain(p);
      expect(errores[0]).toMatch(
        /^Element '\{http:\/\/www\.sat\.gob\.mx\/cfd\/4\}Concepto', attribute '\w+': \[facet 'enumeration'\] The value '[^']*' is not an element of the set \{'\w+', '\w+', '\w+', …\} \(c_\w+: \d+ valores del catálogo del SAT\)\.$/,
      );
    }
    // two errors: the catalog key first, then the relaxed schema's own error
    const dos = validarXsdSync(
      minimo
        .replace('ClaveProdServ="01010101"', 'ClaveProdServ="1"')
        .replace(/Exportacion="01"/, 'Exportacion="09"'),
    );
    expect(dos).toHaveLength(2);
    expect(dos[0]).toMatch(/ClaveProdServ.*'1'/);
    expect(dos[1]).toMatch(/Exportacion.*09/);
    expect(contadoresXsd.completo).toBe(antes.completo);
  });
});
