import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The size budget of the built SPA (issue 16, "First load"), read from Vite's manifest
 * (`dist/.vite/manifest.json`). Sizes are deterministic, so this runs in CI as a check:
 *
 * - the login page: every JavaScript chunk the browser needs before the form can be used (the
 *   entry and its static imports, the visitor layout, the login screen and its static imports)
 *   ≤ 120 KB compressed;
 * - each screen's own JavaScript: what its route chunk adds over the entry's closure and the shared
 *   `vendor-*` libraries (its chunk and the feature code it pulls) ≤ 50 KB compressed; the
 *   signed-in frame (menu, header), shared by every signed-in screen, is measured the same way.
 *
 * "Compressed" is gzip at level 9, what every browser accepts; brotli (quality 11) is printed
 * beside it. Chunks loaded later (on submit, on idle, on a click) are listed but not counted.
 */

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const LOGIN_PAGE_BUDGET = 120 * 1024;
export const SCREEN_BUDGET = 50 * 1024;

export const ENTRY_KEY = 'index.html';
export const LOGIN_ROUTE = 'src/app/routes/login.tsx';
export const VISITOR_LAYOUT = 'src/app/layouts/visitor-layout.tsx';
export const APP_LAYOUT = 'src/app/layouts/app-layout.tsx';
const ROUTES_DIR = 'src/app/routes/';

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = keys.filter((k) => k in manifest);
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? [])
      if (!seen.has(imported)) stack.push(imported);
  }
  return seen;
}

/** The lazy route screens: the dynamic entries under src/app/routes. */
export function routeScreens(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((k) => manifest[k]?.isDynamicEntry && k.startsWith(ROUTES_DIR))
    .sort();
}

const isVendor = (chunk: ManifestChunk | undefined) => !!chunk?.name?.startsWith('vendor-');

/**
 * A lazy chunk's own chunks: its closure less the entry's closure and the library chunks (the
 * `vendor-*` ones, and `isLibrary`: chunks whose every source is a package, such as the pieces of
 * react-bootstrap that automatic splitting shares between screens).
 */
export function ownChunks(
  manifest: Manifest,
  key: string,
  isLibrary: (file: string) => boolean = () => false,
): string[] {
  const entry = staticClosure(manifest, [ENTRY_KEY]);
  return [...staticClosure(manifest, [key])].filter((k) => {
    const chunk = manifest[k];
    return !entry.has(k) && !isVendor(chunk) && !(chunk && isLibrary(chunk.file));
  });
}

/** Every chunk needed before the login form is usable. */
export function loginPageChunks(manifest: Manifest): string[] {
  return [...staticClosure(manifest, [ENTRY_KEY, VISITOR_LAYOUT, LOGIN_ROUTE])];
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function compressedSizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

export interface BudgetLine {
  label: string;
  chunks: string[];
  sizes: Sizes;
  budget: number;
  ok: boolean;
}

export interface BudgetReport {
  lines: BudgetLine[];
  ok: boolean;
}

/** Measures the login page, the signed-in frame and every route screen; `sizeOf` sizes a file. */
export function checkBudget(
  manifest: Manifest,
  sizeOf: (file: string) => Sizes,
  isLibrary: (file: string) => boolean = () => false,
): BudgetReport {
  const sum = (keys: string[]): Sizes =>
    keys.reduce(
      (acc, key) => {
        const s = sizeOf((manifest[key] as ManifestChunk).file);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const line = (label: string, chunks: string[], budget: number): BudgetLine => {
    const sizes = sum(chunks);
    return { label, chunks, sizes, budget, ok: sizes.gzip <= budget };
  };
  const lines = [line('login page (all JavaScript)', loginPageChunks(manifest), LOGIN_PAGE_BUDGET)];
  if (manifest[APP_LAYOUT]) {
    lines.push(
      line('signed-in frame (own)', ownChunks(manifest, APP_LAYOUT, isLibrary), SCREEN_BUDGET),
    );
  }
  for (const route of routeScreens(manifest)) {
    const chunks = ownChunks(manifest, route, isLibrary);
    lines.push(line(`${route.slice(ROUTES_DIR.length)} (own)`, chunks, SCREEN_BUDGET));
  }
  return { lines, ok: lines.every((l) => l.ok) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function formatReport(report: BudgetReport): string {
  const rows = report.lines.map(
    (l) =>
      `${l.ok ? 'ok  ' : 'OVER'} ${l.label.padEnd(72)} gzip ${kb(l.sizes.gzip).padStart(9)} / ${kb(l.budget)}` +
      `   brotli ${kb(l.sizes.brotli).padStart(9)}   raw ${kb(l.sizes.raw).padStart(9)}`,
  );
  return rows.join('\n');
}

function main(): void {
  const webDir = join(import.meta.dirname, '..');
  const dist = join(webDir, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const cache = new Map<string, Sizes>();
  const sizeOf = (file: string) => {
    let s = cache.get(file);
    if (!s) cache.set(file, (s = compressedSizes(readFileSync(join(dist, file)))));
    return s;
  };
  // A chunk is library code when its source map names only packages.
  const isLibrary = (file: string) => {
    try {
      const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as {
        sources: string[];
      };
      return map.sources.length > 0 && map.sources.every((src) => src.includes('node_modules/'));
    } catch {
      return false;
    }
  };
  const report = checkBudget(manifest, sizeOf, isLibrary);
  const login = report.lines[0] as BudgetLine;
  console.log(formatReport(report));
  console.log(`\nlogin page chunks: ${login.chunks.map((k) => manifest[k]?.file).join(' ')}`);
  const css = [...new Set(login.chunks.flatMap((k) => manifest[k]?.css ?? []))];
  for (const file of css) {
    const s = compressedSizes(readFileSync(join(dist, file)));
    console.log(
      `login page CSS ${file}: gzip ${kb(s.gzip)}  brotli ${kb(s.brotli)}  raw ${kb(s.raw)}`,
    );
  }
  if (!report.ok) {
    console.error('\nBundle budget exceeded (gzip level 9): see the OVER lines above.');
    process.exitCode = 1;
  } else console.log('\nBundle budget met.');
}

if (process.argv[1] === import.meta.filename) main();
