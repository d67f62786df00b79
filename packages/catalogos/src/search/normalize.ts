/**
 * Text normalisation for search: lower case, no accents, letters and digits only. The ñ stays a
 * letter of its own (ordeñadora is not ordenadora).
 */
export function normalize(text: string): string {
  if (isNormalized(text)) return text;
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, 'ñ')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

/**
 * Whether a text is already its own normalisation: lower-case ASCII letters and digits, words
 * apart by one space. Most queries are; they are then answered without the five new strings of
 * the full path.
 */
function isNormalized(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) continue;
    // A space, neither first nor last nor after another one.
    if (c !== 32 || i === 0 || i === n - 1 || text.charCodeAt(i - 1) === 32) return false;
  }
  return true;
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
