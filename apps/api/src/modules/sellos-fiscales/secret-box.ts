import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'sellos-fiscales', 'aes-256-gcm', 32));
}

/**
 * AES-256-GCM under a key derived from APP_SECRET; `context` is authenticated too, so a ciphertext
 * copied to another enterprise's row fails to open. Output: iv | tag | ciphertext.
 */
export function seal(secret: string, context: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]);
}

export function open(secret: string, context: string, box: Buffer): Buffer {
  const iv = box.subarray(0, IV_BYTES);
  const tag = box.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(box.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
