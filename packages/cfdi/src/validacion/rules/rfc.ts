/** t_RFC of tdCFDI.xsd: 3 (moral) or 4 (física) letters, YYMMDD, homoclave, check character. */
export const RFC_PATTERN =
  /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/u;

export const MENSAJE_RFC_INVALIDO = 'el RFC ingresado no es válido';

export function esRfcValido(rfc: string): boolean {
  return RFC_PATTERN.test(rfc);
}

/** 12 characters → persona moral, 13 → persona física (the generic RFCs count as física). */
export function tipoPersona(rfc: string): 'moral' | 'fisica' {
  return [...rfc].length === 12 ? 'moral' : 'fisica';
}

const VALORES = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** Check character (mod 11) of rules 11.2; the SAT does not enforce it (warning only). */
export function digitoVerificadorRfc(rfc: string): string {
  const chars = [...rfc.slice(0, -1)];
  if (chars.length === 11) chars.unshift(' ');
  let s = 0;
  chars.forEach((c, i) => {
    s += Math.max(VALORES.indexOf(c), 0) * (13 - i);
  });
  const r = 11 - (s % 11);
  return r === 11 ? '0' : r === 10 ? 'A' : String(r);
}
