import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed/demo.ts';
import {
  buildCompiledServer,
  type ServerProcess,
  spawnServer as spawn,
  waitForHealth,
} from './test/server-process.ts';

// The production start: compiled JavaScript on plain node, its data folder, its stop and its
// failures, each as an operator would see them.
const dataDirName = `.vitest-main-${process.pid}`;
const dataDir = join(REPO_ROOT, dataDirName);
/** A first start initialises the embedded database and seeds the demo account: slow on a busy machine. */
const SLOW = 240_000;

/** Every file and folder under dir with its mode. */
function modes(dir: string): Array<{ path: string; mode: number; dir: boolean }> {
  const out: Array<{ path: string; mode: number; dir: boolean }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mode = statSync(path).mode & 0o777;
    out.push({ path, mode, dir: entry.isDirectory() });
    if (entry.isDirectory()) out.push(...modes(path));
  }
  return out;
}

/** One HTTP request written by hand, so the test decides when its body arrives. */
function slowRequest(url: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async sendHead() {
      await opened;
      socket.write(
        `POST /api/users/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
    },
    finish: () => socket.write(body),
    answered,
  };
}

async function refusesConnections(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`).then(
    () => false,
    () => true,
  );
}

const started: ServerProcess[] = [];
const spawnServer = async (options: Parameters<typeof spawn>[0]) => {
  const server = await spawn(options);
  started.push(server);
  return server;
};
afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
  }
});

beforeAll(() => {
  buildCompiledServer();
  rmSync(dataDir, { recursive: true, force: true });
}, SLOW);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the compiled API on plain node', () => {
  it(
    'keeps its data under DATA_DIR from the repository root, private, signs in the demo account, finishes a request in flight on SIGTERM and exits 0',
    async () => {
      // Started from another working directory with a relative DATA_DIR.
      const server = await spawnServer({ env: { DATA_DIR: dataDirName }, cwd: tmpdir() });
      await waitForHealth(server, SLOW - 30_000);
      expect(existsSync(join(tmpdir(), dataDirName))).toBe(false);
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
      expect(existsSync(join(dataDir, 'secrets', 'app-secret'))).toBe(true);
      for (const entry of modes(dataDir).filter((e) => e.dir)) {
        expect({ path: entry.path, mode: entry.mode }).toEqual({ path: entry.path, mode: 0o700 });
      }
      expect(statSync(join(dataDir, 'secrets', 'app-secret')).mode & 0o777).toBe(0o600);

      const login = await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { success: boolean }).success).toBe(true);

      // A request in flight (its body not sent yet) when SIGTERM arrives.
      const inFlight = slowRequest(
        server.url,
        JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      );
      await inFlight.sendHead();
      await new Promise((r) => setTimeout(r, 300));
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      expect(await refusesConnections(server.url)).toBe(true);
      inFlight.finish();
      const answer = await inFlight.answered;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('"success":true');
      expect(await server.exited).toBe(0);
      console.log(`SIGTERM to exit: ${Date.now() - signalledAt} ms`);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
      // Nothing under DATA_DIR is readable or writable by anyone else.
      for (const entry of modes(dataDir)) {
        expect({ path: entry.path, mode: entry.mode & 0o077 }).toEqual({
          path: entry.path,
          mode: 0,
        });
      }
    },
    SLOW,
  );

  it(
    'refuses to open the embedded database a running process holds, with one clear line, and stops on SIGINT',
    async () => {
      const first = await spawnServer({ env: { DATA_DIR: dataDir } });
      await waitForHealth(first, SLOW - 30_000);
      const second = await spawnServer({ env: { DATA_DIR: dataDir } });
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('already open by another process');
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
    },
    SLOW,
  );

  it.each([
    [
      'a malformed DATABASE_URL',
      'postgres//localhost/facturacion',
      'Invalid configuration: DATABASE_URL',
    ],
    [
      'a host that does not resolve',
      'postgres://postgres@base.invalid:5432/facturacion',
      'Cannot connect',
    ],
    [
      'a port nobody listens on',
      'postgres://postgres:secreto@127.0.0.1:9/facturacion',
      'Cannot connect',
    ],
  ])(
    'prints one line and exits 1 with %s',
    async (_case, url, message) => {
      const server = await spawnServer({ env: { DATA_DIR: dataDir, DATABASE_URL: url } });
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(message);
      expect(lines[0]).not.toContain('secreto');
    },
    SLOW,
  );

  it(
    'stops through the npm wrapper: SIGTERM to npm reaches the server and leaves no process answering',
    async () => {
      const server = await spawnServer({
        env: { DATA_DIR: dataDir },
        command: ['npm', 'run', '--silent', 'serve'],
      });
      await waitForHealth(server, SLOW - 30_000);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await refusesConnections(server.url)).toBe(true);
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    },
    SLOW,
  );
});
