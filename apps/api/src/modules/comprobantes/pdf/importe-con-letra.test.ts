import { describe, expect, it } from 'vitest';
import { enteroConLetra, importeConLetra } from './importe-con-letra.ts';

describe('importeConLetra', () => {
  it.each([
    ['0', 'CERO PESOS 00/100 M.N.'],
    ['0.99', 'CERO PESOS 99/100 M.N.'],
    ['1', 'UN PESO 00/100 M.N.'],
    ['1.50', 'UN PESO 50/100 M.N.'],
    ['2.00', 'DOS PESOS 00/100 M.N.'],
    ['15', 'QUINCE PESOS 00/100 M.N.'],
    ['16', 'DIECISÉIS PESOS 00/100 M.N.'],
    ['20', 'VEINTE PESOS 00/100 M.N.'],
    ['21', 'VEINTIÚN PESOS 00/100 M.N.'],
    ['22', 'VEINTIDÓS PESOS 00/100 M.N.'],
    ['30', 'TREINTA PESOS 00/100 M.N.'],
    ['31', 'TREINTA Y UN PESOS 00/100 M.N.'],
    ['99', 'NOVENTA Y NUEVE PESOS 00/100 M.N.'],
    ['100', 'CIEN PESOS 00/100 M.N.'],
    ['101', 'CIENTO UN PESOS 00/100 M.N.'],
    ['115', 'CIENTO QUINCE PESOS 00/100 M.N.'],
    ['500', 'QUINIENTOS PESOS 00/100 M.N.'],
    ['777', 'SETECIENTOS SETENTA Y SIETE PESOS 00/100 M.N.'],
    ['999', 'NOVECIENTOS NOVENTA Y NUEVE PESOS 00/100 M.N.'],
    ['1000', 'UN MIL PESOS 00/100 M.N.'],
    ['1001', 'UN MIL UN PESOS 00/100 M.N.'],
    ['1160.00', 'UN MIL CIENTO SESENTA PESOS 00/100 M.N.'],
    ['1200', 'UN MIL DOSCIENTOS PESOS 00/100 M.N.'],
    ['2000', 'DOS MIL PESOS 00/100 M.N.'],
    ['21000', 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    ['100000', 'CIEN MIL PESOS 00/100 M.N.'],
    ['101000', 'CIENTO UN MIL PESOS 00/100 M.N.'],
    ['999999.99', 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N.'],
    ['1000000', 'UN MILLÓN DE PESOS 00/100 M.N.'],
    ['1000001', 'UN MILLÓN UN PESOS 00/100 M.N.'],
    ['1001000', 'UN MILLÓN UN MIL PESOS 00/100 M.N.'],
    ['2000000', 'DOS MILLONES DE PESOS 00/100 M.N.'],
    ['2000001.99', 'DOS MILLONES UN PESOS 99/100 M.N.'],
    ['21500000', 'VEINTIÚN MILLONES QUINIENTOS MIL PESOS 00/100 M.N.'],
    ['1000000000', 'UN MIL MILLONES DE PESOS 00/100 M.N.'],
    ['1000000000000', 'UN BILLÓN DE PESOS 00/100 M.N.'],
    [
      '123456789.01',
      'CIENTO VEINTITRÉS MILLONES CUATROCIENTOS CINCUENTA Y SEIS MIL SETECIENTOS OCHENTA Y NUEVE PESOS 01/100 M.N.',
    ],
  ])('%s MXN → %s', (importe, letras) => {
    expect(importeConLetra(importe, 'MXN')).toBe(letras);
  });

  it('writes dollars and euros with their own names', () => {
    expect(importeConLetra('1200.00', 'USD')).toBe('UN MIL DOSCIENTOS DÓLARES 00/100 USD');
    expect(importeConLetra('1.00', 'USD')).toBe('UN DÓLAR 00/100 USD');
    expect(importeConLetra('21.05', 'USD')).toBe('VEINTIÚN DÓLARES 05/100 USD');
    expect(importeConLetra('3000000', 'USD')).toBe('TRES MILLONES DE DÓLARES 00/100 USD');
    expect(importeConLetra('10.10', 'EUR')).toBe('DIEZ EUROS 10/100 EUR');
    expect(importeConLetra('10.10', 'GBP')).toBe('DIEZ GBP 10/100');
  });

  it('rounds extra decimals half up on the digits', () => {
    expect(importeConLetra('10.005')).toBe('DIEZ PESOS 01/100 M.N.');
    expect(importeConLetra('10.004')).toBe('DIEZ PESOS 00/100 M.N.');
    expect(importeConLetra('99.995')).toBe('CIEN PESOS 00/100 M.N.');
    expect(importeConLetra('5.5')).toBe('CINCO PESOS 50/100 M.N.');
  });

  it('refuses text that is not an amount', () => {
    expect(() => importeConLetra('-1')).toThrow('no es un número válido');
    expect(() => importeConLetra('1,000')).toThrow('no es un número válido');
    expect(() => importeConLetra('')).toThrow('no es un número válido');
  });

  it('every number up to 2 000 spells back to itself', () => {
    // A tiny reader of the words this module writes, to check the whole range, not hand-picked cases.
    const valor: Record<string, number> = {
      UN: 1,
      DOS: 2,
      TRES: 3,
      CUATRO: 4,
      CINCO: 5,
      SEIS: 6,
      SIETE: 7,
      OCHO: 8,
      NUEVE: 9,
      DIEZ: 10,
      ONCE: 11,
      DOCE: 12,
      TRECE: 13,
      CATORCE: 14,
      QUINCE: 15,
      DIECISÉIS: 16,
      DIECISIETE: 17,
      DIECIOCHO: 18,
      DIECINUEVE: 19,
      VEINTE: 20,
      VEINTIÚN: 21,
      VEINTIDÓS: 22,
      VEINTITRÉS: 23,
      VEINTICUATRO: 24,
      VEINTICINCO: 25,
      VEINTISÉIS: 26,
      VEINTISIETE: 27,
      VEINTIOCHO: 28,
      VEINTINUEVE: 29,
      TREINTA: 30,
      CUARENTA: 40,
      CINCUENTA: 50,
      SESENTA: 60,
      SETENTA: 70,
      OCHENTA: 80,
      NOVENTA: 90,
      CIEN: 100,
      CIENTO: 100,
      DOSCIENTOS: 200,
      TRESCIENTOS: 300,
      CUATROCIENTOS: 400,
      QUINIENTOS: 500,
      SEISCIENTOS: 600,
      SETECIENTOS: 700,
      OCHOCIENTOS: 800,
      NOVECIENTOS: 900,
    };
    const leer = (letras: string) => {
      let total = 0;
      let grupo = 0;
      for (const w of letras.split(' ')) {
        if (w === 'Y') continue;
        if (w === 'MIL') {
          total += grupo * 1000;
          grupo = 0;
        } else grupo += valor[w] ?? Number.NaN;
      }
      return total + grupo;
    };
    for (let n = 1; n <= 2000; n++) expect(leer(enteroConLetra(BigInt(n)))).toBe(n);
  });
});
