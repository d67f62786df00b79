import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { esRfcValido, MENSAJE_RFC_INVALIDO, tipoPersona } from './rfc.ts';
import { vigente } from './util.ts';

const GENERICOS = ['XAXX010101000', 'XEXX010101000'];

function texto(v: string, max: number): boolean {
  return v.length >= 1 && v.length <= max && !v.includes('|');
}

/** Emisor (1.10) and Receptor (1.11), UsoCFDI ↔ régimen (CFDI40161). */
export function reglasEmisorReceptor(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): void {
  const em = c.Emisor;
  if (!esRfcValido(em.Rfc))
    e.add('RFC_INVALIDO', 'Emisor.Rfc', MENSAJE_RFC_INVALIDO, 'XSD tdCFDI t_RFC');
  else if (GENERICOS.includes(em.Rfc))
    e.add(
      'RFC_GENERICO_EMISOR',
      'Emisor.Rfc',
      'Un RFC genérico no puede ser el RFC del emisor.',
      'PAC 402 (LCO)',
    );
  if (!texto(em.Nombre, 300))
    e.add(
      'CFDI40139',
      'Emisor.Nombre',
      'El nombre del emisor es obligatorio (hasta 300 caracteres, sin "|").',
      'XSD cfdv40 Emisor/@Nombre',
    );
  const reg = cat.regimenFiscal(em.RegimenFiscal);
  if (!reg || !vigente(reg, fecha))
    e.add(
      'CFDI40140',
      'Emisor.RegimenFiscal',
      'El campo RegimenFiscal no contiene un valor del catálogo c_RegimenFiscal.',
      'CFDI40140',
    );
  else if (
    esRfcValido(em.Rfc) &&
    !(tipoPersona(em.Rfc) === 'moral' ? reg.aplicaMoral : reg.aplicaFisica)
  )
    e.add(
      'CFDI40141',
      'Emisor.RegimenFiscal',
      'La clave del campo RegimenFiscal debe corresponder con el tipo de persona (fisica o moral).',
      'CFDI40141',
    );

  const re = c.Receptor;
  const generico = GENERICOS.includes(re.Rfc);
  if (!esRfcValido(re.Rfc))
    e.add('RFC_INVALIDO', 'Receptor.Rfc', MENSAJE_RFC_INVALIDO, 'XSD tdCFDI t_RFC');
  if (!texto(re.Nombre, 300))
    e.add(
      'CFDI40145',
      'Receptor.Nombre',
      'El nombre del receptor es obligatorio (hasta 300 caracteres, sin "|").',
      'XSD cfdv40 Receptor/@Nombre',
    );
  if (re.Nombre === 'PUBLICO EN GENERAL' && re.Rfc !== 'XAXX010101000')
    e.add(
      'CFDI40146',
      'Receptor.Rfc',
      'El campo RFC del receptor debe contener el valor "XAXX010101000".',
      'CFDI40146',
    );
  if (generico) {
    if (re.DomicilioFiscalReceptor !== c.LugarExpedicion)
      e.add(
        'CFDI40149',
        'Receptor.DomicilioFiscalReceptor',
        'El campo DomicilioFiscalReceptor, no es igual al valor del campo LugarExpedicion.',
        'CFDI40149',
      );
    if (re.RegimenFiscalReceptor !== '616')
      e.add(
        'CFDI40159',
        'Receptor.RegimenFiscalReceptor',
        'Para un RFC genérico el régimen fiscal del receptor debe ser 616 (Sin obligaciones fiscales).',
        'CFDI40159',
      );
    // Guía de llenado del Anexo 20: S01 for the generic RFCs; CP01 in a CFDI de pagos.
    const usos = c.TipoDeComprobante === 'P' ? ['CP01'] : ['S01'];
    if (!usos.includes(re.UsoCFDI))
      e.add(
        'CFDI40161',
        'Receptor.UsoCFDI',
        c.TipoDeComprobante === 'P'
          ? 'Para un RFC genérico el uso del CFDI debe ser CP01.'
          : `Para el RFC genérico ${re.Rfc} el uso del CFDI debe ser S01 (Sin efectos fiscales), según la Guía de llenado del Anexo 20; la factura no se emitió con ${re.UsoCFDI || 'otro uso'}: elija S01.`,
        'CFDI40161',
      );
  } else if (
    !/^[0-9]{5}$/.test(re.DomicilioFiscalReceptor) ||
    !cat.codigoPostal(re.DomicilioFiscalReceptor)
  ) {
    e.add(
      'CFDI40148',
      'Receptor.DomicilioFiscalReceptor',
      'El campo DomicilioFiscalReceptor no contiene un valor del catálogo c_CodigoPostal.',
      'CFDI40148',
    );
  }
  if (re.Rfc === 'XEXX010101000') {
    if (re.ResidenciaFiscal === undefined && re.NumRegIdTrib !== undefined)
      e.add(
        'CFDI40153',
        'Receptor.ResidenciaFiscal',
        'El campo ResidenciaFiscal se debe registrar cuando existe NumRegIdTrib.',
        'CFDI40153',
      );
    if (
      re.ResidenciaFiscal !== undefined &&
      (re.ResidenciaFiscal === 'MEX' || !cat.pais(re.ResidenciaFiscal))
    )
      e.add(
        'CFDI40152',
        'Receptor.ResidenciaFiscal',
        'El campo ResidenciaFiscal debe ser un país del catálogo c_Pais distinto de MEX.',
        'CFDI40150/CFDI40152',
      );
    if (re.NumRegIdTrib !== undefined)
      e.add(
        'CFDI40155',
        'Receptor.NumRegIdTrib',
        'El campo NumRegIdTrib solo se registra con el complemento de Comercio Exterior.',
        'CFDI40155',
      );
  } else {
    if (re.ResidenciaFiscal !== undefined)
      e.add(
        'CFDI40151',
        'Receptor.ResidenciaFiscal',
        'El campo ResidenciaFiscal no se debe registrar para un receptor nacional.',
        'CFDI40151',
      );
    if (re.NumRegIdTrib !== undefined)
      e.add(
        'CFDI40154',
        'Receptor.NumRegIdTrib',
        'El campo NumRegIdTrib no se debe registrar para un receptor nacional.',
        'CFDI40154',
      );
  }
  const regR = cat.regimenFiscal(re.RegimenFiscalReceptor);
  const persona = tipoPersona(re.Rfc);
  if (!regR || !vigente(regR, fecha))
    e.add(
      'CFDI40157',
      'Receptor.RegimenFiscalReceptor',
      'El campo RegimenFiscalR, no contiene un valor del catálogo c_RegimenFiscal.',
      'CFDI40157',
    );
  else if (!(persona === 'moral' ? regR.aplicaMoral : regR.aplicaFisica))
    e.add(
      'CFDI40158',
      'Receptor.RegimenFiscalReceptor',
      'La clave del campo RegimenFiscalR debe corresponder con el tipo de persona(física o moral).',
      'CFDI40158',
    );
  const uso = cat.usoCfdi(re.UsoCFDI);
  if (!uso || !vigente(uso, fecha))
    e.add(
      'CFDI40160',
      'Receptor.UsoCFDI',
      'El campo UsoCFDI, no contiene un valor del catálogo c_UsoCFDI.',
      'CFDI40160',
    );
  else if (
    !generico &&
    (!(persona === 'moral' ? uso.aplicaMoral : uso.aplicaFisica) ||
      !uso.regimenesFiscalesReceptores.includes(re.RegimenFiscalReceptor))
  )
    e.add(
      'CFDI40161',
      'Receptor.UsoCFDI',
      'La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y el régimen correspondiente conforme al catálogo c_UsoCFDI.',
      'CFDI40161',
    );
  if (c.TipoDeComprobante === 'P' && re.UsoCFDI !== 'CP01')
    e.add(
      'CFDI40161',
      'Receptor.UsoCFDI',
      'En un comprobante de pago el uso del CFDI debe ser CP01.',
      'CFDI40161',
    );
  else if (c.TipoDeComprobante !== 'P' && re.UsoCFDI === 'CP01' && !generico)
    e.add(
      'CFDI40161',
      'Receptor.UsoCFDI',
      MENSAJE_CP01_FUERA_DE_PAGOS,
      'CFDI40161; c_UsoCFDI CP01',
    );
}

/** c_UsoCFDI CP01 "Pagos" is the UsoCFDI of the CFDI de pagos (Guía de llenado del complemento de pagos). */
export const MENSAJE_CP01_FUERA_DE_PAGOS =
  'El uso del CFDI CP01 (Pagos) sólo se usa en el comprobante de recepción de pagos (tipo P); en una factura elija el uso que el cliente dará al comprobante, por ejemplo G03 (Gastos en general).';
