/** Collapses runs of space, tab, CR and LF into one space and trims, as the cadena will show it. */
const NECESITA_NORMALIZAR = /[\t\n\r]|^ | $| {2}/;

export function normalizarTexto(v: string): string {
  if (!NECESITA_NORMALIZAR.test(v)) return v;
  return v.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/** Product rule (spec §5): descriptions lose HTML tags and line breaks. */
export function limpiarDescripcion(v: string): string {
  return normalizarTexto(v.includes('<') ? v.replace(/<[^>]*>/g, ' ') : v);
}

/** Product rule (spec §5): property-account numbers keep only alphanumerics. */
export function limpiarCuentaPredial(v: string): string {
  return v.replace(/[^0-9a-zA-Z]/g, '');
}
