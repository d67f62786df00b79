import type { Catalogos } from '@repo/catalogos';
import type { FuenteTipoCambio } from '@repo/cfdi/tipo-cambio';
import { SandboxPac, SwSapienPac, type Pac, type SandboxStore } from '@repo/pac';
import type { Config } from '../config.ts';
import { readCaFiles } from './csd-authorities.ts';

/**
 * The configured PAC: the sandbox by default (state in `store`, its timbre certificate under
 * DATA_DIR/sandbox-pac), SW Sapien with PAC=sw and its credentials (a token, or user and password).
 */
export function createPac(
  config: Pick<
    Config,
    'PAC' | 'DATA_DIR' | 'SW_URL' | 'SW_USER' | 'SW_PASSWORD' | 'SW_TOKEN' | 'PAC_SANDBOX_CAS'
  >,
  catalogos: Catalogos,
  options: { store?: SandboxStore; clock?: () => Date; tiposDeCambio?: FuenteTipoCambio } = {},
): Pac {
  if (config.PAC === 'sw') {
    if (!config.SW_TOKEN && !(config.SW_USER && config.SW_PASSWORD)) {
      throw new Error('PAC=sw needs SW_TOKEN, or SW_USER and SW_PASSWORD');
    }
    return new SwSapienPac({
      url: config.SW_URL,
      ...(config.SW_TOKEN
        ? { token: config.SW_TOKEN }
        : { user: config.SW_USER, password: config.SW_PASSWORD }),
      ...(options.clock ? { clock: options.clock } : {}),
    });
  }
  const autoridadesCertificadoras = readCaFiles(config.PAC_SANDBOX_CAS, 'PAC_SANDBOX_CAS');
  return new SandboxPac({
    dataDir: config.DATA_DIR,
    autoridadesCertificadoras,
    catalogos,
    zonaHorariaDe: (cp) => catalogos.codigosPostales.zonaHoraria(cp),
    ...(options.store ? { store: options.store } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.tiposDeCambio ? { tiposDeCambio: options.tiposDeCambio } : {}),
  });
}

/**
 * The PAC of what test API keys stamp (docs/decisions/014): the configured one when it is the
 * built-in sandbox, else a built-in sandbox beside it (its state in `store` too).
 */
export function createPacDePruebas(
  config: Parameters<typeof createPac>[0],
  catalogos: Catalogos,
  configurado: Pac,
  options: Parameters<typeof createPac>[2] = {},
): Pac {
  if (config.PAC === 'sandbox') return configurado;
  return createPac({ ...config, PAC: 'sandbox' }, catalogos, options);
}

/**
 * The PAC for one stored document: the sandbox for one a test API key stamped (its `pruebas` flag),
 * whatever the configured PAC is; the configured one otherwise. Never the live PAC for a test
 * document: without a sandbox at hand it throws.
 */
export function pacDelComprobante(
  deps: { pac: Pac; pacPruebas?: Pac | undefined },
  row: { pruebas: boolean },
): Pac {
  if (!row.pruebas) return deps.pac;
  if (!deps.pacPruebas) throw new Error('a test document needs the sandbox PAC (pacPruebas)');
  return deps.pacPruebas;
}
