import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('DATABASE_URL', () => {
  it.each([
    'postgres://user:secreto@db.example.com:5432/facturacion',
    'postgresql://postgres@127.0.0.1/facturacion',
    // PostgreSQL on the same machine through its Unix socket, in both spellings node-postgres reads.
    'postgresql://postgres@%2Fvar%2Frun%2Fpostgresql/facturacion',
    'postgresql:///facturacion?host=/var/run/postgresql',
  ])('takes %s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    'postgres//localhost/facturacion',
    'mysql://root@127.0.0.1/facturacion',
    'postgresql:///facturacion',
    'postgresql:///facturacion?host=relative/folder',
    'postgresql://postgres@127.0.0.1:5432/',
  ])('refuses %s', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
  });
});
