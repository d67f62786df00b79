import { describe, expect, it } from 'vitest';
import * as pac from './index.ts';

describe('@repo/pac public surface', () => {
  it('exports the implementations, the errors and the helpers the API uses', () => {
    for (const name of [
      'SandboxPac',
      'SwSapienPac',
      'MemorySandboxStore',
      'PacError',
      'PacRechazoError',
      'PacDuplicadoError',
      'PacNoDisponibleError',
      'PacCredencialesError',
      'PacRespuestaInvalidaError',
      'MENSAJES_PAC',
      'mensajePac',
      'codigoDeMensaje',
      'firmarSolicitudCancelacion',
      'verificarSolicitudCancelacion',
      'certificadoSandbox',
      'cadenaOriginalTfd',
      'totalExpresion',
    ])
      expect(pac, name).toHaveProperty(name);
  });

  it('codigoDeMensaje reads the code in the wrappers PACs use', () => {
    expect(pac.codigoDeMensaje('CFDI40108 - El TipoDeComprobante es I')).toBe('CFDI40108');
    expect(pac.codigoDeMensaje('307. El comprobante contiene un timbre previo.')).toBe('307');
    expect(pac.codigoDeMensaje('Request Error :CFDI40161 - La clave')).toBe('CFDI40161');
    expect(pac.codigoDeMensaje('Código: CFDI40161 Mensaje: La clave')).toBe('CFDI40161');
    expect(pac.codigoDeMensaje('Xml CFDI33 no proporcionado o viene vacio.')).toBeUndefined();
  });

  it('mensajePac prefers the PAC text, then the table, then a generic Spanish message', () => {
    expect(pac.mensajePac('305')).toMatch(/vigencia del CSD/);
    expect(pac.mensajePac('305', 'Texto del PAC')).toBe('Texto del PAC');
    expect(pac.mensajePac('ZZ999')).toBe('Error del PAC (ZZ999).');
  });
});
