import { createPrivateKey, type KeyObject } from 'node:crypto';

export class LlavePrivadaError extends Error {
  constructor(
    message: string,
    readonly code: 'LLAVE_CONTRASENA' | 'LLAVE_INVALIDA',
  ) {
    super(message);
    this.name = 'LlavePrivadaError';
  }
}

/**
 * Opens a SAT .key: DER PKCS#8 EncryptedPrivateKeyInfo (PBES2) with its password. Also accepts a
 * PEM text. Throws LlavePrivadaError with a Spanish message.
 */
export function openLlavePrivada(der: Buffer | Uint8Array, password: string): KeyObject {
  const buf = Buffer.from(der);
  const isPem = buf.subarray(0, 11).toString('latin1') === '-----BEGIN ';
  try {
    return isPem
      ? createPrivateKey({ key: buf, format: 'pem', passphrase: password })
      : createPrivateKey({ key: buf, format: 'der', type: 'pkcs8', passphrase: password });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    const msg = (e as Error).message;
    if (code === 'ERR_OSSL_BAD_DECRYPT' || /bad decrypt|passphrase/i.test(msg)) {
      throw new LlavePrivadaError(
        'La contraseña de la llave privada es incorrecta: no se pudo abrir el archivo .key.',
        'LLAVE_CONTRASENA',
      );
    }
    throw new LlavePrivadaError(
      'El archivo .key no es una llave privada válida del SAT (PKCS#8 cifrada).',
      'LLAVE_INVALIDA',
    );
  }
}
