import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MENSAJES } from '@repo/contracts/webhooks';

/**
 * Where a webhook may be sent. An endpoint's address is typed by a user, and the server calls it:
 * without this check an enterprise could make the server call its own internal services (metrics,
 * the database's HTTP neighbours, a cloud's metadata address 169.254.169.254) and read the answers
 * in the delivery log. So, unless WEBHOOKS_RED_PRIVADA=on (development and tests): https:// only,
 * and every address the name resolves to must be public, checked when the endpoint is saved and
 * again before each delivery (a name may be pointed elsewhere after it was saved).
 */
const PRIVADAS = new BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVADAS.addSubnet(red, bits, 'ipv4');
}
for (const [red, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVADAS.addSubnet(red, bits, 'ipv6');
}

export function esDireccionPrivada(ip: string): boolean {
  const familia = isIP(ip);
  if (familia === 0) return true;
  return PRIVADAS.check(ip, familia === 4 ? 'ipv4' : 'ipv6');
}

/** The Spanish reason a URL may not receive webhooks, or null when it may. */
export async function motivoDestinoInvalido(
  url: string,
  redPrivada: boolean,
  resolver: (host: string) => Promise<string[]> = resolverTodas,
): Promise<string | null> {
  if (!URL.canParse(url)) return WEBHOOK_MENSAJES.urlInvalida;
  const u = new URL(url);
  if (u.username || u.password) return WEBHOOK_MENSAJES.urlInvalida;
  if (redPrivada) return /^https?:$/.test(u.protocol) ? null : WEBHOOK_MENSAJES.urlInvalida;
  if (u.protocol !== 'https:') return WEBHOOK_MENSAJES.soloHttps;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let ips: string[];
  try {
    ips = isIP(host) ? [host] : await resolver(host);
  } catch {
    return `No encontramos el servidor ${host}; revise la dirección.`;
  }
  if (ips.length === 0 || ips.some(esDireccionPrivada)) return WEBHOOK_MENSAJES.redPrivada;
  return null;
}

async function resolverTodas(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
