import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPath, plan, TOOLS } from './ensure-tools.mjs';

// `npm test` on a fresh machine finds, installs or names what it needs before any test runs.
describe('ensure-tools plan', () => {
  const all = () => true;
  const without =
    (...gone) =>
    (command) =>
      !gone.includes(command);

  it('does nothing when every tool is there', () => {
    expect(plan({ has: all, isRoot: true, hasApt: true })).toEqual({ action: 'none', missing: [] });
    expect(plan({ ci: true, has: all, isRoot: false, hasApt: false }).action).toBe('none');
  });

  it('as root with apt-get, updates once then installs the missing packages quietly', () => {
    const p = plan({ has: without('xmllint', 'pdftoppm'), isRoot: true, hasApt: true });
    expect(p.action).toBe('install');
    expect(p.commands).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'libxml2-utils', 'poppler-utils'],
    ]);
  });

  it('without root, stops with the one command to run', () => {
    const p = plan({ has: without('chromium'), isRoot: false, hasApt: true });
    expect(p).toMatchObject({
      action: 'stop',
      command: "sudo sh -c 'apt-get update && apt-get install -y chromium'",
    });
  });

  it('as root without apt-get, stops with the command instead of guessing', () => {
    const p = plan({ has: without('openssl', 'xsltproc'), isRoot: true, hasApt: false });
    expect(p).toMatchObject({
      action: 'stop',
      command: 'apt-get update && apt-get install -y xsltproc openssl',
    });
  });

  it('asks for psql, faketime and pgbouncer only for CI', () => {
    const has = without('psql', 'faketime', 'pgbouncer');
    expect(plan({ has, isRoot: true, hasApt: true }).action).toBe('none');
    expect(plan({ ci: true, has, isRoot: true, hasApt: true }).commands[1]).toEqual([
      'apt-get',
      'install',
      '-y',
      '-qq',
      'postgresql-client',
      'faketime',
      'pgbouncer',
    ]);
  });

  it('lists every program the tests and CI call', () => {
    expect(TOOLS.map((t) => t.command)).toEqual([
      'chromium',
      'xmllint',
      'xsltproc',
      'openssl',
      'pdftoppm',
      'psql',
      'faketime',
      'pgbouncer',
    ]);
  });
});

describe('onPath', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-tools-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'tool-x'), '#!/bin/sh\n');
  chmodSync(join(dir, 'tool-x'), 0o755);
  writeFileSync(join(dir, 'not-exec'), '');

  it('finds an executable on PATH, not a plain file nor an absent one', () => {
    expect(onPath('tool-x', dir)).toBe(true);
    expect(onPath('not-exec', dir)).toBe(false);
    expect(onPath('absent', dir)).toBe(false);
    expect(onPath(join(dir, 'tool-x'), '')).toBe(true);
  });
});
