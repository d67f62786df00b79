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
