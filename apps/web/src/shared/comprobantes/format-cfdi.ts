import { IMPUESTO } from '@repo/cfdi/catalogos';

/** `$` and thousands separators over plain decimal text: `1234`, `56` → `$ 1,234.56`. */
function pesos(sign: string, whole: string, decimals: string): string {
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const shown = `$ ${grouped}.${decimals}`;
  return sign && /[1-9]/.test(whole + decimals) ? `-${shown}` : shown;
}

const XML_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Money as the spec shows it (section 9: `$` with 2 decimals): the XML's amount rounded half away
 * from zero on its text, never through a float. `10.125` → `$ 10.13`, `1160` → `$ 1,160.00`.
 */
export function formatImporteXml(value: string | null | undefined): string {
  const match = XML_DECIMAL.exec((value ?? '').trim());
  if (!match) return '$ 0.00';
  const [, sign = '', whole = '0', decimals = ''] = match;
  const cents =
    BigInt(whole + decimals.padEnd(2, '0').slice(0, 2)) + (decimals.charAt(2) >= '5' ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  return pesos(sign, text.slice(0, -2), text.slice(-2));
}

/** A per-unit quota exactly as the XML writes it (a rate, not an amount): `$ 0.350000`. */
function formatCuotaXml(value: string | null | undefined): string {
  const match = XML_DECIMAL.exec((value ?? '').trim());
  if (!match) return '$ 0.00';
  const [, sign = '', whole = '0', decimals = ''] = match;
  return pesos(sign, whole, decimals.padEnd(2, '0'));
}

/** Quantities as in the XML, with thousands separators: `1500.5` → `1,500.5`. */
export function formatCantidadXml(value: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  return `${(match[1] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[2] ?? ''}`;
}

/**
 * A TasaOCuota as a percentage with up to 6 decimals (spec section 9), by moving the decimal point in
 * the text: `0.160000` → `16%`, `0.106667` → `10.6667%`, `0.012500` → `1.25%`.
 */
export function formatTasa(value: string | null | undefined): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec((value ?? '').trim());
  if (!match) return '';
  const [, whole = '0', decimals = ''] = match;
  const digits = `${whole}${decimals.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point, point + 6).replace(/0+$/, '');
  return `${integer}${fraction ? `.${fraction}` : ''}%`;
}

const IMPUESTO_NOMBRE: Record<string, string> = {
  [IMPUESTO.ISR]: 'ISR',
  [IMPUESTO.IVA]: 'IVA',
  [IMPUESTO.IEPS]: 'IEPS',
};

/** c_Impuesto as the accountant reads it: `002` → `IVA`. */
export function nombreImpuesto(clave: string): string {
  return IMPUESTO_NOMBRE[clave] ?? clave;
}

/** A tax rate or quota as shown: `16%` for Tasa, `$ 0.350000` per unit for Cuota, `Exento`. */
export function formatTasaOCuota(
  tipoFactor: string,
  tasaOCuota: string | null | undefined,
): string {
  if (tipoFactor === 'Exento') return 'Exento';
  if (tipoFactor === 'Cuota') return `${formatCuotaXml(tasaOCuota)} por unidad`;
  return formatTasa(tasaOCuota);
}

/** `serie-folio` as the list and the detail show it; a pre-invoice without folio shows its serie. */
export function serieFolio(
  serie: string | null | undefined,
  folio: string | number | null | undefined,
): string {
  const s = (serie ?? '').trim();
  const f = folio === null || folio === undefined ? '' : String(folio).trim();
  if (s && f) return `${s}-${f}`;
  return s || f || 'Sin folio';
}

/** A CFDI date (`2026-11-23T10:15:00`, local time of the place of issue) as `23/11/2026 10:15:00`. */
export function formatFechaCfdi(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?/.exec(value ?? '');
  if (!match) return value ?? '';
  const [, y, m, d, time] = match;
  return `${d}/${m}/${y}${time ? ` ${time}` : ''}`;
}
