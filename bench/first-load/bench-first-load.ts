/**
 * First load in Chromium (issue 16): the time from navigation to a usable login form and to a usable
 * invoice form, cold (empty cache, new browser context each run), on localhost and on a mobile
 * profile (4G network + 4× CPU slowdown) set through the DevTools protocol.
 *
 *   node --import tsx bench/first-load/bench-first-load.ts [--runs=5] [--no-build] [--profiles=local,4g]
 *     [--waterfall]   (prints each request of the last run: start and end in ms, path)
 *     [--compare=DIR] (another checkout, e.g. a worktree of main with its node_modules: its app is
 *                      started too and measured alternately with this one, run by run)
 *
 * Builds the SPA (unless --no-build), starts the app on its embedded defaults (PGlite in a temporary
 * folder, demo account seeded), drives Debian's Chromium through playwright-core (`CHROMIUM_PATH`,
 * default /usr/bin/chromium). "Usable" = the field exists, is laid out and Bootstrap's styles apply to
 * it (the login's e-mail field; the invoice form's client field, shown once the form's data is in).
 * Prints medians and maxima beside the targets, and what the page transferred.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type Page, chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const DEMO = { email: 'demo@facturacion.local', password: 'KemperDemo2026' };

/** Network profiles of Chrome DevTools (the values Puppeteer's PredefinedNetworkConditions use). */
const PROFILES = {
  local: { label: 'localhost', network: null, cpu: 1, targetMs: 1000 },
  '4g': {
    label: '4G (165 ms, 9 Mbit/s down, 1.5 up) + 4× CPU',
    network: { latency: 165, down: (9_000_000 / 8) * 0.9, up: (1_500_000 / 8) * 0.9 },
    cpu: 4,
    targetMs: 2500,
  },
  slow4g: {
    label: 'slow 4G (562 ms, 1.6 Mbit/s down, 0.75 up) + 4× CPU',
    network: { latency: 562.5, down: (1_600_000 / 8) * 0.9, up: (750_000 / 8) * 0.9 },
    cpu: 4,
    targetMs: null,
  },
} as const;
type ProfileName = keyof typeof PROFILES;

const PAGES = [
  { name: 'login form', path: '/login', selector: '#login-email', signedIn: false },
  {
    name: 'invoice form',
    path: '/facturacion/facturas/nuevo',
    selector: '#factura-cliente',
    signedIn: true,
  },
] as const;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    profiles: { type: 'string', default: 'local,4g' },
    waterfall: { type: 'boolean', default: false },
    compare: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const profileNames = (args.profiles ?? '').split(',').map((s) => s.trim()) as ProfileName[];
for (const p of profileNames) if (!(p in PROFILES)) throw new Error(`Unknown profile ${p}`);

/**
 * How `npm run serve` starts the app: the compiled API on plain node (scripts/build.mjs builds it);
 * a checkout from before the compiled build runs its TypeScript through tsx.
 */
function serverArgs(root: string): string[] {
  return existsSync(join(root, 'scripts/build.mjs'))
    ? ['--enable-source-maps', '--conditions=compiled', 'apps/api/dist/main.js']
    : ['--import', 'tsx', 'apps/api/src/main.ts'];
}

/** Builds what `npm start` builds (the SPA, and the API when the checkout compiles it). */
function buildApp(root: string): void {
  const compiled = existsSync(join(root, 'scripts/build.mjs'));
  const [cmd, argv] = compiled
    ? [process.execPath, ['scripts/build.mjs']]
    : ['npm', ['run', 'build', '-w', '@repo/web']];
  const built = spawnSync(cmd as string, argv as string[], { cwd: root, stdio: 'ignore' });
  if (built.status !== 0) throw new Error(`building ${root} failed`);
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApp(root: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-first-load-'));
  let output = '';
  const proc = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`The app exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Session {
  token: string;
  expires_in: number;
  user: { enterprises: unknown[] };
}

async function demoSession(url: string): Promise<Session> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = (await res.json()) as { success: boolean; data: Session };
  if (!body.success || !body.data.token) throw new Error('The demo account did not sign in');
  return body.data;
}

/** Records, inside the page, when the selector is laid out with Bootstrap's styles applied. */
const watchScript = (selector: string) => `
  (() => {
    const check = () => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || window.__usableAt) return;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && getComputedStyle(el).display === 'block') {
        window.__usableAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    document.addEventListener('readystatechange', check);
    window.addEventListener('load', check);
  })();
`;

interface Sample {
  ms: number;
  js: number;
  css: number;
  requests: number;
  waterfall: string[];
}

async function measure(
  browser: Browser,
  url: string,
  profile: (typeof PROFILES)[ProfileName],
  target: (typeof PAGES)[number],
  session: Session,
): Promise<Sample> {
  const context = await browser.newContext({ baseURL: url, locale: 'es-MX' });
  const page: Page = await context.newPage();
  if (target.signedIn) {
    // The session as the SPA keeps it, written before any script of the app runs.
    const stored = {
      accessToken: session.token,
      user: JSON.stringify(session.user),
      enterprise: JSON.stringify(session.user.enterprises[0] ?? null),
      expirationDate: String(Date.now() + session.expires_in * 1000),
    };
    await page.addInitScript((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, stored);
  }
  await page.addInitScript(watchScript(target.selector));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latency,
      downloadThroughput: profile.network.down,
      uploadThroughput: profile.network.up,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await page.goto(target.path, { waitUntil: 'commit' });
  // Polled with evaluate: waitForFunction compiles its predicate inside the page, which the app's
  // Content-Security-Policy (no 'unsafe-eval') refuses.
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate('window.__usableAt'))) {
    if (Date.now() > deadline) throw new Error(`${target.path}: not usable after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // A string, not a function: tsx would add helpers the page does not have.
  const result = (await page.evaluate(`(() => {
    const at = window.__usableAt;
    const before = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= at);
    const sum = (re) => before.filter((e) => re.test(e.name)).reduce((n, e) => n + e.transferSize, 0);
    const waterfall = before.map((e) =>
      [e.startTime.toFixed(0).padStart(6), e.responseEnd.toFixed(0).padStart(6), e.name.replace(location.origin, '')].join(' '));
    return { ms: at, js: sum(/\\.js(\\?|$)/), css: sum(/\\.css(\\?|$)/), requests: before.length + 1, waterfall };
  })()`)) as Sample;
  await context.close();
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function main(): Promise<void> {
  const roots = [ROOT, ...(args.compare ? [resolve(args.compare)] : [])];
  if (!args['no-build']) roots.forEach(buildApp);
  const apps = await Promise.all(roots.map(startApp));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const sessions = await Promise.all(apps.map((a) => demoSession(a.url)));
    console.log(
      `first load: ${RUNS} cold runs per line, ${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const name of profileNames) {
      const profile = PROFILES[name];
      for (const target of PAGES) {
        const samples: Sample[][] = roots.map(() => []);
        // One discarded run each: the server's own first answers (catalog loads, JIT) are not the page's.
        for (const [i, app] of apps.entries())
          await measure(browser, app.url, profile, target, sessions[i] as Session);
        // Alternating, so both checkouts see the same machine load.
        for (let r = 0; r < RUNS; r++)
          for (const [i, app] of apps.entries())
            samples[i]?.push(
              await measure(browser, app.url, profile, target, sessions[i] as Session),
            );
        for (const [i, root] of roots.entries()) {
          const list = samples[i] as Sample[];
          const ms = list.map((s) => s.ms);
          const last = list[list.length - 1] as Sample;
          const goal = profile.targetMs === null ? 'no target' : `target < ${profile.targetMs} ms`;
          const which = roots.length > 1 ? ` checkout=${root === ROOT ? 'this' : root}` : '';
          console.log(
            `RESULT profile=${name} page="${target.name}"${which} median_ms=${median(ms).toFixed(0)} ` +
              `max_ms=${Math.max(...ms).toFixed(0)} (${goal}) js_kb=${(last.js / 1024).toFixed(1)} ` +
              `css_kb=${(last.css / 1024).toFixed(1)} requests=${last.requests}  [${profile.label}]`,
          );
          if (args.waterfall) for (const line of last.waterfall) console.log(`  ${line}`);
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(apps.map((a) => a.stop()));
  }
}

await main();
