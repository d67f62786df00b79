/** One run of the banner text: plain, or extra-bold where the server wrote <strong>. */
export interface BannerSegment {
  text: string;
  strong: boolean;
}

export const SUPPORT_TEXT =
  'Hemos sido notificados del problema y lo revisaremos para solucionarlo lo antes posible. Puedes ponerte en contacto con nuestro soporte técnico proporcionando el siguiente ID de error:';

/**
 * Spec section 8, item 1: the placeholder `baseURL` becomes the site origin and <strong> runs become
 * extra-bold. No other markup is interpreted: the rest is shown as text.
 */
export function parseBannerMessage(message: string, origin: string): BannerSegment[] {
  const text = message.replaceAll('baseURL', origin);
  const segments: BannerSegment[] = [];
  const pattern = /<strong>([\s\S]*?)<\/strong>/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), strong: false });
    segments.push({ text: match[1] ?? '', strong: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), strong: false });
  return segments.filter((s) => s.text !== '');
}
