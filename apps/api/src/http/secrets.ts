import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** APP_SECRET, or one generated once into DATA_DIR/secrets/app-secret (mode 600). */
export function resolveAppSecret(cfg: { APP_SECRET: string; DATA_DIR: string }): string {
  if (cfg.APP_SECRET) return cfg.APP_SECRET;
  const dir = join(cfg.DATA_DIR, 'secrets');
  const file = join(dir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
