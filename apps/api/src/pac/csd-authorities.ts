import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';

/** Reads a comma-separated list of CA files (DER .cer or PEM); a file that cannot be read stops. */
export function readCaFiles(list: string, variable: string): Buffer[] {
  return list
    .split(',')
    .map((file) => file.trim())
    .filter(Boolean)
    .map((file) => {
      try {
        return readFileSync(file);
      } catch (e) {
        throw new Error(`${variable}: cannot read ${file}: ${(e as Error).message}`, { cause: e });
      }
    });
}

const TEST_CA = new URL('../../../../data/test-ca/ca.cer.pem', import.meta.url);
const cache = new Map<string, readonly X509Certificate[] | undefined>();

/**
 * The certificate authorities a CSD must chain to when it is uploaded, as the PAC will check at
 * stamping: with the sandbox PAC, the ones it trusts (PAC_SANDBOX_CAS and the test CA in
 * data/test-ca); with a real PAC, the SAT's CAs listed in SAT_CAS. Undefined (not checked at
 * upload, only by the PAC at stamping) for a real PAC while SAT_CAS is empty. Read once per list.
 */
export function csdAuthorities(
  config: Pick<Config, 'PAC' | 'PAC_SANDBOX_CAS' | 'SAT_CAS'>,
): readonly X509Certificate[] | undefined {
  const key = `${config.PAC}\n${config.PAC_SANDBOX_CAS}\n${config.SAT_CAS}`;
  if (!cache.has(key)) {
    let cas: readonly X509Certificate[] | undefined;
    if (config.PAC === 'sandbox') {
      cas = [...readCaFiles(config.PAC_SANDBOX_CAS, 'PAC_SANDBOX_CAS'), readFileSync(TEST_CA)].map(
        (c) => new X509Certificate(c),
      );
    } else if (config.SAT_CAS.trim()) {
      cas = readCaFiles(config.SAT_CAS, 'SAT_CAS').map((c) => new X509Certificate(c));
    }
    cache.set(key, cas);
  }
  return cache.get(key);
}
