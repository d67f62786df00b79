// Text formats of the representación impresa, on the decimal text of the XML (never floats).

/** "1234.5" → "$ 1,234.50"; keeps extra decimals the XML has ("12.345678" → "$ 12.345678"). */
export function formatMoney(value: string | undefined, minDecimals = 2): string {
  if (value === undefined || value === '') return '';
  const negativo = value.startsWith('-');
  const [entero = '0', dec = ''] = (negativo ? value.slice(1) : value).split('.');
  const grupos = entero.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimales = dec.padEnd(minDecimals, '0');
  return `${negativo ? '-' : ''}$ ${grupos}${decimales ? `.${decimales}` : ''}`;
}

/** "1000.000000" → "1,000"; "2.5" → "2.5": quantities without non-significant zeros. */
export function formatCantidad(value: string): string {
  const [entero = '0', dec = ''] = value.split('.');
  const grupos = entero.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const d = dec.replace(/0+$/, '');
  return d ? `${grupos}.${d}` : grupos;
}

/** A Tasa as a percentage: "0.160000" → "16%", "0.106667" → "10.6667%" (moves the point, no float). */
export function formatTasa(value: string): string {
  const [entero = '0', dec = ''] = value.split('.');
  const digits = `${entero}${dec.padEnd(2, '0')}`;
  const ent = digits.slice(0, entero.length + 2).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(entero.length + 2).replace(/0+$/, '');
  return `${ent}${frac ? `.${frac}` : ''}%`;
}

/** "2026-11-23T10:15:00" → "23/11/2026 10:15:00" (the XML's own local time). */
export function formatFecha(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : value;
}

/** "clave - descripción" of a catalogue key; the key alone without a description; '' without a key. */
export function conDescripcion(clave: string | undefined, descripcion: string | undefined): string {
  if (!clave) return '';
  return descripcion ? `${clave} - ${descripcion}` : clave;
}
