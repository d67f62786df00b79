/**
 * Text normalisation for search: lower case, no accents, letters and digits only. The ñ stays a
 * letter of its own (ordeñadora is not ordenadora).
 */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, 'ñ')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

/** The words of a text, normalised. */
export function words(text: string): string[] {
  const n = normalize(text);
  return n === '' ? [] : n.split(' ');
}

/**
 * A light Spanish stem that makes singular/plural and masculine/feminine forms meet:
 * computadora, computador, computadoras, computadores → computador; gato, gatos, gata → gat.
 * Only consistency matters (the same function stems the catalog and the query), not linguistics.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d/.test(w)) return w;
  // plural -s (and the -es of words ending in a consonant: computadores, portatiles, meses)
  if (w.endsWith('s')) w = w.slice(0, -1);
  // -ce / -ces → -z (luces → luz)
  if (w.endsWith('ce') && w.length > 3) return w.slice(0, -2) + 'z';
  // a final -e after these consonants goes in both singular and plural (contable, contables)
  if (w.endsWith('e') && w.length > 3 && /[rlndjzys]$/.test(w.slice(0, -1))) return w.slice(0, -1);
  // gender -o / -a
  if ((w.endsWith('o') || w.endsWith('a')) && w.length > 3) w = w.slice(0, -1);
  return w;
}
