/**
 * True when XPath normalize-space would change `v`: a tab, CR or LF, a space at either end or two
 * spaces in a row (only these count as white space: U+00A0 survives). A scan of char codes: most
 * values need nothing, and this runs for every attribute of the cadena.
 */
export function cambiaAlNormalizar(v: string): boolean {
  const n = v.length;
  if (n === 0) return false;
  if (v.charCodeAt(0) === 32 || v.charCodeAt(n - 1) === 32) return true;
  let espacio = false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c > 32) espacio = false;
    else if (c === 32) {
      if (espacio) return true;
      espacio = true;
    } else if (c === 9 || c === 10 || c === 13) return true;
    else espacio = false;
  }
  return false;
}

/** Collapses runs of space, tab, CR and LF into one space and trims, as the cadena will show it. */
export function normalizarTexto(v: string): string {
  if (!cambiaAlNormalizar(v)) return v;
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
