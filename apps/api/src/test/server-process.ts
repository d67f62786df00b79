import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../config.ts';

/** Compiles the API (skipped when nothing changed), as `npm start` does before running it. */
export function buildCompiledServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
}

/**
 * The compiled API on plain node, as production runs it (`npm run serve`), or any other command
 * line; env is added to a clean environment (no DATABASE_URL, LOG_LEVEL warn) with a free PORT.
 */
export async function spawnServer(options: {
  env: Record<string, string>;
  command?: string[];
  cwd?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const [cmd, ...args] = options.command ?? [
    process.execPath,
    '--conditions=compiled',
    `${REPO_ROOT}apps/api/dist/main.js`,
  ];
  const child = spawn(cmd!, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until GET /api/health answers 200; fails with the process's output if it exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No answer on /api/health:\n${server.output()}`);
}
