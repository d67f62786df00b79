// The amount in words that Mexican invoices print under the total ("importe con letra"):
// 'UN MIL DOSCIENTOS PESOS 00/100 M.N.', 'UN MILLÓN DE PESOS 00/100 M.N.', 'VEINTIÚN DÓLARES 50/100 USD'.
// Works on the decimal text of the XML, never on a float.

const UNIDADES = [
  'CERO',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const DECENAS = [
  '',
  '',
  '',
  'TREINTA',
  'CUARENTA',
  'CINCUENTA',
  'SESENTA',
  'SETENTA',
  'OCHENTA',
  'NOVENTA',
];
const CENTENAS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1..999 in words, with "UN" (apocope): every group here is followed by a noun (MIL, PESOS...). */
function hasta999(n: number): string {
  if (n === 100) return 'CIEN';
  const c = Math.floor(n / 100);
  const resto = n % 100;
  const partes: string[] = [];
  if (c > 0) partes.push(CENTENAS[c] ?? '');
  if (resto > 0 && resto < 30) partes.push(UNIDADES[resto] ?? '');
  else if (resto >= 30) {
    const d = Math.floor(resto / 10);
    const u = resto % 10;
    partes.push(u === 0 ? (DECENAS[d] ?? '') : `${DECENAS[d] ?? ''} Y ${UNIDADES[u] ?? ''}`);
  }
  return partes.join(' ');
}

/** 0..999 999 in words ("UN MIL" as invoices write it). */
function hasta999999(n: number): string {
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (miles > 0) partes.push(`${hasta999(miles)} MIL`);
  if (resto > 0) partes.push(hasta999(resto));
  return partes.join(' ');
}

/** A whole number in words: "UN MILLÓN", "DOS MIL MILLONES", "UN BILLÓN". */
export function enteroConLetra(n: bigint): string {
  if (n < 0n) throw new Error('El importe no puede ser negativo.');
  if (n === 0n) return 'CERO';
  if (n >= 1_000_000_000_000_000_000n) throw new Error('El importe es demasiado grande.');
  const billones = Number(n / 1_000_000_000_000n);
  const millones = Number((n / 1_000_000n) % 1_000_000n);
  const resto = Number(n % 1_000_000n);
  const partes: string[] = [];
  if (billones > 0) partes.push(billones === 1 ? 'UN BILLÓN' : `${hasta999999(billones)} BILLONES`);
  if (millones > 0) partes.push(millones === 1 ? 'UN MILLÓN' : `${hasta999999(millones)} MILLONES`);
  if (resto > 0) partes.push(hasta999999(resto));
  return partes.join(' ');
}

const MONEDAS: Record<string, { singular: string; plural: string; sufijo: string }> = {
  MXN: { singular: 'PESO', plural: 'PESOS', sufijo: 'M.N.' },
  USD: { singular: 'DÓLAR', plural: 'DÓLARES', sufijo: 'USD' },
  EUR: { singular: 'EURO', plural: 'EUROS', sufijo: 'EUR' },
};

/** Splits "1234.5" into whole units and cents, rounding half up to 2 decimals on the digits. */
function partir(importe: string): { entero: bigint; centavos: number } {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(importe.trim());
  if (!m) throw new Error(`El importe "${importe}" no es un número válido.`);
  const decimales = (m[2] ?? '').padEnd(3, '0');
  let centavos = Number(decimales.slice(0, 2));
  let entero = BigInt(m[1] ?? '0');
  if (Number(decimales[2]) >= 5) centavos += 1;
  if (centavos === 100) {
    centavos = 0;
    entero += 1n;
  }
  return { entero, centavos };
}

/**
 * The amount in words as printed on the invoice: "UN MIL DOSCIENTOS PESOS 00/100 M.N.",
 * "UN DÓLAR 00/100 USD". Other currencies: "<importe> <clave> 00/100".
 */
export function importeConLetra(importe: string, moneda = 'MXN'): string {
  const { entero, centavos } = partir(importe);
  const letras = enteroConLetra(entero);
  const cc = `${String(centavos).padStart(2, '0')}/100`;
  const m = MONEDAS[moneda];
  if (!m) return `${letras} ${moneda} ${cc}`;
  const nombre = entero === 1n ? m.singular : m.plural;
  // "UN MILLÓN DE PESOS", "DOS MIL MILLONES DE PESOS": an exact number of millions takes "DE".
  const de = entero >= 1_000_000n && entero % 1_000_000n === 0n ? ' DE' : '';
  return `${letras}${de} ${nombre} ${cc} ${m.sufijo}`;
}
