/**
 * The Anexo 20 validation matrix of CFDI 4.0 (CFDI40101–CFDI40221) and where the product checks each
 * rule. `motor`: validateComprobante (the engine, used by the API before stamping and by the sandbox
 * PAC in stages F–I, so both answer the same code and Spanish text); `pac`: only the sandbox PAC can
 * decide it (signature, certificate); `registro`: needs the SAT's lists (l_RFC, LCO, Confirmacion
 * register), which the sandbox simulates only with fixtures; `fuera`: about nodes or values the
 * product never emits (the builder cannot produce them), or a condition the team could not confirm.
 * MATRIZ.md is generated from this list (`npx tsx packages/cfdi/scripts/matriz.ts`) and a test keeps
 * both, the rules' source and the tests in sync.
 */
import { filasDeMatriz } from './matriz-filas.ts';
import { INTRODUCCION_EGRESO, MATRIZ_EGRESO } from './matriz-egreso.ts';
import { MATRIZ_GLOBAL, MATRIZ_PAGOS } from './matriz-pagos.ts';

export type DondeSeRevisa = 'motor' | 'pac' | 'registro' | 'fuera';

export interface ReglaMatriz {
  code: string;
  regla: string;
  donde: DondeSeRevisa;
  /** Test file (from packages/cfdi, or the repository root when it starts with `packages/`). */
  test?: string;
  nota?: string;
}

const SANDBOX = 'packages/pac/src/sandbox/sandbox-pac.test.ts';
const { m, f } = filasDeMatriz('src/validacion/matriz.test.ts');
const r = (code: string, regla: string, nota: string, test?: string): ReglaMatriz => ({
  code,
  regla,
  donde: 'registro',
  nota,
  ...(test ? { test } : {}),
});
const NODO = 'El producto no emite ese nodo; el builder no puede producirlo.';

export const MATRIZ: readonly ReglaMatriz[] = [
  m('CFDI40101', 'Fecha con el patrón AAAA-MM-DDThh:mm:ss'),
  { code: 'CFDI40102', regla: 'El sello verifica con el certificado', donde: 'pac', test: SANDBOX },
  m('CFDI40103', 'FormaPago presente en I/E y ausente en T, P, N'),
  m('CFDI40104', 'FormaPago del catálogo c_FormaPago'),
  m('CFDI40105', 'MetodoPago PPD exige FormaPago 99'),
  {
    code: 'CFDI40106',
    regla: 'Certificado válido (CSD, serie, no revocado)',
    donde: 'pac',
    test: SANDBOX,
  },
  m('CFDI40107', 'SubTotal con los decimales de la moneda'),
  m('CFDI40108', 'SubTotal = redondeo de la suma de Importe de los conceptos'),
  m('CFDI40109', 'SubTotal 0 en T y P'),
  m('CFDI40110', 'Descuento no mayor que SubTotal'),
  m('CFDI40111', 'Descuento = suma de descuentos de los conceptos; ausente en T y P'),
  m('CFDI40112', 'Descuento con los decimales de la moneda'),
  m('CFDI40113', 'Moneda del catálogo c_Moneda'),
  m('CFDI40114', 'MXN sin TipoCambio o con 1'),
  m('CFDI40115', 'TipoCambio obligatorio en moneda extranjera'),
  m('CFDI40116', 'Sin TipoCambio con XXX'),
  m('CFDI40117', 'TipoCambio con el patrón y mayor que 0'),
  m(
    'CFDI40118',
    'TipoCambio dentro de la variación de c_Moneda respecto al de referencia',
    'Referencia: FIX de Banxico y tipos cruzados (data/banxico, BANXICO_TOKEN); con una referencia de más de 6 días la banda se amplía 2 % por día (hasta la mitad y el doble); sin ninguna referencia de la moneda no se decide.',
  ),
  m('CFDI40119', 'Total = SubTotal − Descuento + traslados − retenciones (+ locales)'),
  f(
    'CFDI40120',
    'Total dentro del máximo de c_TipoDeComprobante',
    'El máximo del catálogo (999999999999999999.999999) es el de t_Importe: el XSD ya lo limita.',
  ),
  m('CFDI40121', 'TipoDeComprobante del catálogo'),
  m('CFDI40122', 'Exportacion 02 exige Comercio Exterior', 'El producto solo admite 01.'),
  m('CFDI40123', 'Exportacion del catálogo c_Exportacion'),
  m('CFDI40124', 'MetodoPago del catálogo c_MetodoPago'),
  m('CFDI40125', 'Sin MetodoPago en T y P'),
  m('CFDI40126', 'LugarExpedicion del catálogo c_CodigoPostal'),
  m('CFDI40127', 'Confirmacion solo cuando TipoCambio o Total están fuera de rango'),
  r('CFDI40128', 'Confirmacion válida', 'La emite el PAC; el producto nunca envía Confirmacion.'),
  r(
    'CFDI40129',
    'Confirmacion no usada antes',
    'Registro del PAC; el producto nunca envía Confirmacion.',
  ),
  m('CFDI40130', 'InformacionGlobal solo con XAXX010101000 y PUBLICO EN GENERAL'),
  m('CFDI40131', 'Periodicidad del catálogo c_Periodicidad'),
  m('CFDI40132', 'Periodicidad 05 solo con régimen 621'),
  f(
    'CFDI40133',
    'Meses del catálogo c_Meses',
    'Cubierto por CFDI40134 / CFDI40135, que el motor revisa.',
  ),
  m('CFDI40134', 'Meses 01–12 con periodicidad 01–04'),
  m('CFDI40135', 'Meses 13–18 con periodicidad 05'),
  m('CFDI40136', 'Año en curso o anterior'),
  m('CFDI40137', 'TipoRelacion del catálogo c_TipoRelacion'),
  r('CFDI40138', 'Nombre del emisor en la lista de RFC inscritos', 'Lista LCO del SAT.'),
  m(
    'CFDI40139',
    'Nombre del emisor presente y sin "|"',
    'La coincidencia con el registro del SAT es de la LCO.',
  ),
  m('CFDI40140', 'RegimenFiscal del emisor del catálogo'),
  m('CFDI40141', 'RegimenFiscal del emisor según su tipo de persona'),
  f('CFDI40142', 'FacAtrAdquirente válido', NODO),
  r(
    'CFDI40143',
    'RFC del receptor en la lista de RFC inscritos',
    'Lista l_RFC; el sandbox la simula con fixtures.',
    SANDBOX,
  ),
  r('CFDI40144', 'Nombre del receptor en la lista', 'Lista l_RFC.'),
  m(
    'CFDI40145',
    'Nombre del receptor presente y sin "|"',
    'La coincidencia con el registro es de la l_RFC (simulada en el sandbox); el régimen societario se quita al capturar el cliente.',
  ),
  m('CFDI40146', 'PUBLICO EN GENERAL solo con XAXX010101000'),
  r('CFDI40147', 'Código postal del receptor en la lista', 'Lista l_RFC.'),
  m(
    'CFDI40148',
    'DomicilioFiscalReceptor del catálogo c_CodigoPostal',
    'La coincidencia con el registro es de la l_RFC.',
  ),
  m('CFDI40149', 'RFC genérico: DomicilioFiscalReceptor = LugarExpedicion'),
  f(
    'CFDI40150',
    'ResidenciaFiscal con RFC extranjero',
    'Cubierto por CFDI40152, que el motor revisa.',
  ),
  m('CFDI40151', 'Sin ResidenciaFiscal para un receptor nacional'),
  m('CFDI40152', 'ResidenciaFiscal del catálogo c_Pais y distinta de MEX'),
  m('CFDI40153', 'ResidenciaFiscal cuando hay NumRegIdTrib'),
  m('CFDI40154', 'Sin NumRegIdTrib para un receptor nacional'),
  m('CFDI40155', 'NumRegIdTrib solo con Comercio Exterior'),
  f('CFDI40156', 'NumRegIdTrib con el patrón del país', NODO),
  m('CFDI40157', 'RegimenFiscalReceptor del catálogo'),
  m('CFDI40158', 'RegimenFiscalReceptor según el tipo de persona'),
  m(
    'CFDI40159',
    'RFC genérico con régimen 616',
    'La parte del registro (régimen inscrito) es de la l_RFC.',
  ),
  m('CFDI40160', 'UsoCFDI del catálogo c_UsoCFDI'),
  m('CFDI40161', 'UsoCFDI según el tipo de persona y el régimen del receptor'),
  m('CFDI40162', 'ClaveProdServ del catálogo c_ClaveProdServ'),
  f(
    'CFDI40163',
    'Clave que exige IVA trasladado',
    'Condición y reparto 40163/40164 no confirmados (apéndice B.12).',
  ),
  f(
    'CFDI40164',
    'Clave que exige IVA trasladado',
    'Condición y reparto 40163/40164 no confirmados (apéndice B.12).',
  ),
  m('CFDI40165', 'ClaveUnidad del catálogo c_ClaveUnidad'),
  m('CFDI40166', 'ValorUnitario mayor que 0 en I, E, N'),
  m('CFDI40167', 'Importe del concepto entre sus límites'),
  m('CFDI40168', 'Descuento del concepto con no más decimales que su Importe'),
  m('CFDI40169', 'Descuento del concepto no mayor que su Importe'),
  m('CFDI40170', 'ObjetoImp del catálogo c_ObjetoImp'),
  m('CFDI40171', 'ObjetoImp 02 exige Impuestos'),
  m('CFDI40172', 'Sin Impuestos con ObjetoImp 01 o 03'),
  f(
    'CFDI40173',
    'Impuestos del concepto con traslados o retenciones',
    'Cubierto por CFDI40171, que el motor revisa.',
  ),
  m('CFDI40174', 'Base del traslado mayor que 0'),
  m('CFDI40175', 'Impuesto del traslado del catálogo c_Impuesto'),
  f(
    'CFDI40176',
    'TipoFactor del traslado del catálogo',
    'Lo impide el XSD (enumeración de c_TipoFactor): 301.',
  ),
  m('CFDI40177', 'Exento sin TasaOCuota ni Importe'),
  m('CFDI40178', 'Tasa o Cuota con TasaOCuota e Importe'),
  m(
    'CFDI40179',
    'TasaOCuota del traslado en c_TasaOCuota',
    'Incluye el IVA 8 %: solo desde un código postal de la región fronteriza y con una clave que admite el estímulo.',
  ),
  m('CFDI40180', 'Importe del traslado entre sus límites'),
  m('CFDI40181', 'Base de la retención mayor que 0'),
  m('CFDI40182', 'Impuesto de la retención del catálogo c_Impuesto'),
  f(
    'CFDI40183',
    'TipoFactor de la retención del catálogo',
    'Lo impide el XSD (enumeración de c_TipoFactor): 301.',
  ),
  m('CFDI40184', 'Retención nunca Exento'),
  m('CFDI40185', 'TasaOCuota de la retención en c_TasaOCuota'),
  m('CFDI40186', 'Importe de la retención entre sus límites'),
  ...[187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200].map((n) =>
    f(`CFDI40${n}`, 'ACuentaTerceros, InformacionAduanera, CuentaPredial o Parte', NODO),
  ),
  m('CFDI40201', 'Nodo Impuestos ausente en T y P, presente si hay impuestos'),
  m('CFDI40202', 'TotalImpuestosRetenidos con los decimales de la moneda'),
  m('CFDI40203', 'TotalImpuestosRetenidos = suma de las retenciones'),
  m('CFDI40204', 'TotalImpuestosTrasladados con los decimales de la moneda'),
  m('CFDI40205', 'TotalImpuestosTrasladados = suma de los traslados'),
  m('CFDI40206', 'TotalImpuestosRetenidos presente si hay retenciones'),
  f('CFDI40207', 'Nodo Retenciones del resumen', 'Cubierto por CFDI40206 / CFDI40209 / CFDI40211.'),
  m('CFDI40208', 'Una retención de resumen por impuesto'),
  m('CFDI40209', 'Sin TotalImpuestosRetenidos si no hay retenciones'),
  m('CFDI40210', 'Importe de la retención de resumen con los decimales de la moneda'),
  m('CFDI40211', 'Retención de resumen = suma de las de los conceptos'),
  m('CFDI40212', 'TotalImpuestosTrasladados presente si hay traslados con tasa o cuota'),
  f('CFDI40213', 'Nodo Traslados del resumen', 'Cubierto por CFDI40212 / CFDI40215 / CFDI40221.'),
  m('CFDI40214', 'Base del traslado de resumen con los decimales de la moneda'),
  m('CFDI40215', 'Base del traslado de resumen = suma de las de los conceptos'),
  f('CFDI40216', 'Impuesto del traslado de resumen del catálogo', 'Lo impide el XSD: 301.'),
  f('CFDI40217', 'TipoFactor del traslado de resumen del catálogo', 'Lo impide el XSD: 301.'),
  m('CFDI40218', 'Un traslado de resumen por impuesto, factor y tasa'),
  f(
    'CFDI40219',
    'TasaOCuota del traslado de resumen',
    'Cubierto por CFDI40215 / CFDI40221 (la clave incluye la tasa).',
  ),
  m('CFDI40220', 'Importe del traslado de resumen con los decimales de la moneda'),
  m('CFDI40221', 'Importe del traslado de resumen = suma de los de los conceptos'),
];

const DONDE: Record<DondeSeRevisa, string> = {
  motor: 'motor y sandbox PAC',
  pac: 'sandbox PAC',
  registro: 'registro del SAT',
  fuera: 'no aplica',
};

function filas(lista: readonly ReglaMatriz[]): string[] {
  return lista.map(
    (x) =>
      `| ${x.code} | ${x.regla} | ${DONDE[x.donde]} | ${x.test ? `\`${x.test}\`` : '—'} | ${x.nota ?? ''} |`,
  );
}

function resumen(lista: readonly ReglaMatriz[]): string {
  const n = (d: DondeSeRevisa) => lista.filter((x) => x.donde === d).length;
  return `Motor y sandbox: ${n('motor')} · solo sandbox PAC: ${n('pac')} · registro del SAT: ${n('registro')} · no aplica: ${n('fuera')}.`;
}

const ENCABEZADO = [
  '| código | regla | dónde se revisa | prueba | nota |',
  '| --- | --- | --- | --- | --- |',
];

/** MATRIZ.md: the tables of rules (CFDI 4.0, Pagos 2.0, factura global), where each is checked, its test. */
export function tablaMatriz(): string {
  return [
    '# Matriz de validación CFDI 4.0 (Anexo 20): qué revisa el producto',
    '',
    'Generado desde `src/validacion/matriz.ts`, `src/validacion/matriz-pagos.ts` y `src/validacion/matriz-egreso.ts`',
    '(`npx tsx packages/cfdi/scripts/matriz.ts`); una prueba lo mantiene igual a esas listas, a las reglas',
    'del motor y a sus pruebas. "motor y sandbox PAC": la revisa `validateComprobante` con su código, el',
    'campo y una explicación en español, antes de gastar un crédito, y el sandbox PAC responde lo mismo que',
    'un PAC real.',
    '',
    resumen(MATRIZ),
    '',
    ...ENCABEZADO,
    ...filas(MATRIZ),
    '',
    '## Complemento para recepción de pagos 2.0 (CRP, matriz de errores de Pagos 2.0)',
    '',
    resumen(MATRIZ_PAGOS),
    '',
    ...ENCABEZADO,
    ...filas(MATRIZ_PAGOS),
    '',
    '## Factura global (Guía de llenado del CFDI global 4.0)',
    '',
    'Los códigos son del producto (la guía no tiene códigos propios); InformacionGlobal y el receptor',
    'genérico tienen los suyos del Anexo 20 en la primera tabla (CFDI40130–CFDI40136, CFDI40149, CFDI40159).',
    '',
    resumen(MATRIZ_GLOBAL),
    '',
    ...ENCABEZADO,
    ...filas(MATRIZ_GLOBAL),
    '',
    '## Nota de crédito (CFDI de egreso; Anexo 20, Guía de llenado)',
    '',
    ...INTRODUCCION_EGRESO,
    '',
    resumen(MATRIZ_EGRESO),
    '',
    ...ENCABEZADO,
    ...filas(MATRIZ_EGRESO),
    '',
  ].join('\n');
}
