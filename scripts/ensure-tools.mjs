// The programs the tests run besides Node, found before the tests start (`npm test` runs this first,
// `.ci/run` runs it with --ci): each missing one is installed with apt-get when this runs as root on
// a machine that has it (one `apt-get update`, then one quiet install); otherwise it stops at once
// with the one command that installs them.
//
//   node scripts/ensure-tools.mjs        what `npm test` needs
//   node scripts/ensure-tools.mjs --ci   also what .ci/run needs (psql, faketime, pgbouncer)
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One list for `npm test` and CI: the command looked for, the Debian package that installs it. */
export const TOOLS = [
  { command: 'chromium', pkg: 'chromium', why: 'end-to-end journeys (playwright-core drives it)' },
  { command: 'xmllint', pkg: 'libxml2-utils', why: 'XSD validation and c14n of stamped XML' },
  { command: 'xsltproc', pkg: 'xsltproc', why: 'the SAT cadena original of stamped XML' },
  { command: 'openssl', pkg: 'openssl', why: 'sello and certificate checks' },
  { command: 'pdftoppm', pkg: 'poppler-utils', why: 'PDF rendering checks' },
  {
    command: 'psql',
    pkg: 'postgresql-client',
    why: 'CI creates its PostgreSQL database',
    ci: true,
  },
  { command: 'faketime', pkg: 'faketime', why: 'CI runs the tests 400 days ahead', ci: true },
  {
    command: 'pgbouncer',
    pkg: 'pgbouncer',
    why: 'the API test behind PgBouncer in transaction mode (apps/api/src/db/pgbouncer.pg.test.ts)',
    ci: true,
  },
];

/** Whether an executable named `command` is on PATH (or is the given absolute path). */
export function onPath(command, path = process.env.PATH ?? '') {
  const candidates = command.includes('/')
    ? [command]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * What to do, given which tools are present: nothing, install (the apt-get commands, run as root),
 * or stop with the one command a person runs.
 */
export function plan({ ci = false, has, isRoot, hasApt }) {
  const missing = TOOLS.filter((t) => (ci || !t.ci) && !has(t.command));
  if (missing.length === 0) return { action: 'none', missing: [] };
  const pkgs = missing.map((t) => t.pkg);
  const install = ['apt-get', 'install', '-y', '-qq', ...pkgs];
  if (isRoot && hasApt) {
    return { action: 'install', missing, commands: [['apt-get', 'update', '-qq'], install] };
  }
  const line = `apt-get update && apt-get install -y ${pkgs.join(' ')}`;
  return { action: 'stop', missing, command: isRoot ? line : `sudo sh -c '${line}'` };
}

function describe(missing) {
  return missing.map((t) => `  ${t.command} (Debian package ${t.pkg}): ${t.why}`).join('\n');
}

function main() {
  const ci = process.argv.includes('--ci');
  const has = (command) =>
    command === 'chromium' && process.env.CHROMIUM_PATH
      ? onPath(process.env.CHROMIUM_PATH)
      : // Debian puts daemons (pgbouncer) in /usr/sbin, outside a plain user's PATH.
        onPath(command, `${process.env.PATH ?? ''}${delimiter}/usr/sbin${delimiter}/sbin`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const p = plan({ ci, has, isRoot, hasApt: onPath('apt-get') });
  if (p.action === 'none') return;
  if (p.action === 'stop') {
    console.error(`The tests need programs that are not installed:\n${describe(p.missing)}`);
    console.error(`Install them with:\n  ${p.command}`);
    process.exit(1);
  }
  console.error(`Installing with apt-get:\n${describe(p.missing)}`);
  for (const [cmd, ...args] of p.commands) {
    const r = spawnSync(cmd, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0) {
      console.error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
      process.exit(1);
    }
  }
  const still = p.missing.filter((t) => !has(t.command));
  if (still.length > 0) {
    console.error(`Still missing after apt-get install:\n${describe(still)}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
