// Builds what production runs: the SPA (Vite, into apps/web/dist) and the API with the workspace
// packages it imports, compiled to plain JavaScript (dist/ beside each src/, so paths relative to the
// repository stay the same). Each build is skipped when its inputs did not change since the last one
// (a hash of every input file, kept in the build's folder).
//
//   node scripts/build.mjs            build what is stale
//   node scripts/build.mjs --force    build everything
//   node scripts/build.mjs --server   only the API (what the API's tests of the production start need)
//   node scripts/build.mjs --web      only the SPA (the size budget), when stale
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The workspaces the API runs at production: each is compiled from src/ to dist/. */
export const SERVER_WORKSPACES = [
  'apps/api',
  'packages/catalogos',
  'packages/cfdi',
  'packages/contracts',
  'packages/pac',
];
const SERVER_STAMP = 'apps/api/dist/.build-hash';

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/public',
  'packages/catalogos/src',
  'packages/cfdi/src',
  'packages/contracts/src',
  'package-lock.json',
];
const WEB_STAMP = 'apps/web/dist/.build-hash';

/** Files under a path (a file or a folder), sorted, skipping node_modules and dist. */
function listFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  walk(path);
  return out.sort();
}

/** sha256 over the relative path and content of every input file. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of listFiles(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when the stamp file holds the hash of the inputs as they are now. */
export function isFresh(root, inputs, stamp) {
  const file = join(root, stamp);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === hashInputs(root, inputs);
}

function serverInputs() {
  return [
    ...SERVER_WORKSPACES.flatMap((w) => [`${w}/src`, `${w}/package.json`]),
    'scripts/build.mjs',
  ];
}

/** Compiles one workspace's src/ to dist/: TypeScript's own transpiler, imports ending .ts → .js. */
async function compileWorkspace(root, workspace) {
  const ts = (await import('typescript')).default;
  const src = join(root, workspace, 'src');
  const dist = join(root, workspace, 'dist');
  rmSync(dist, { recursive: true, force: true });
  for (const file of listFiles(src)) {
    const rel = relative(src, file);
    if (/\.test\.tsx?$/.test(rel) || rel.split(/[\\/]/)[0] === 'test') continue;
    const target = join(dist, rel);
    mkdirSync(dirname(target), { recursive: true });
    if (!file.endsWith('.ts')) {
      writeFileSync(target, readFileSync(file));
      continue;
    }
    const out = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
        rewriteRelativeImportExtensions: true,
        sourceMap: true,
      },
    });
    const js = target.replace(/\.ts$/, '.js');
    const name = js.split(/[\\/]/).pop();
    writeFileSync(
      js,
      out.outputText.replace(/\/\/# sourceMappingURL=.*$/m, '') +
        `//# sourceMappingURL=${name}.map\n`,
    );
    writeFileSync(`${js}.map`, out.sourceMapText ?? '');
  }
}

/**
 * Every export of a server workspace that points into src/ must say where its compiled file is:
 * `{ "compiled": "./dist/x.js", "default": "./src/x.ts" }` (plain node runs with --conditions=compiled).
 */
export function uncompiledExports(root = ROOT) {
  const problems = [];
  for (const workspace of SERVER_WORKSPACES) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    for (const [name, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target === 'string' && target.startsWith('./src/')) {
        problems.push(
          `${workspace}/package.json: export "${name}" is TypeScript source only; write ` +
            `{ "compiled": "${target.replace('./src/', './dist/').replace(/\.ts$/, '.js')}", "default": "${target}" }`,
        );
      }
    }
  }
  return problems;
}

/**
 * The embedded database's template (apps/api/dist/pglite-template/): PGlite's initdb and the
 * migrations run here, once per build, so that a new DATA_DIR starts as a copy of it instead of
 * initializing PostgreSQL (apps/api/src/db/pglite-template.ts). Run by the compiled API in a node
 * of its own, with the `compiled` condition its workspace imports need.
 */
function writeDatabaseTemplate(root) {
  const url = pathToFileURL(join(root, 'apps/api/dist/db/pglite-template.js')).href;
  const result = spawnSync(
    process.execPath,
    [
      '--conditions=compiled',
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(url)}); await m.writePgliteTemplate();`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The embedded database template could not be made.');
}

export async function buildServer(root = ROOT, { force = false } = {}) {
  const problems = uncompiledExports(root);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const inputs = serverInputs();
  if (!force && isFresh(root, inputs, SERVER_STAMP)) return false;
  for (const workspace of SERVER_WORKSPACES) await compileWorkspace(root, workspace);
  writeDatabaseTemplate(root);
  writeFileSync(join(root, SERVER_STAMP), hashInputs(root, inputs));
  return true;
}

/** .br and .gz twins of the SPA's text files, made once here instead of on every request. */
export function precompress(dir) {
  for (const file of listFiles(dir)) {
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

export function buildWeb(root = ROOT, { force = false } = {}) {
  if (!force && isFresh(root, WEB_INPUTS, WEB_STAMP)) return false;
  const result = spawnSync('npm', ['run', 'build', '-w', '@repo/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The SPA build failed (npm run build -w @repo/web).');
  precompress(join(root, 'apps/web/dist'));
  writeFileSync(join(root, WEB_STAMP), hashInputs(root, WEB_INPUTS));
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force');
  const web = process.argv.includes('--server') ? false : buildWeb(ROOT, { force });
  const server = process.argv.includes('--web') ? false : await buildServer(ROOT, { force });
  console.log(
    `SPA ${web ? 'built' : 'unchanged, not rebuilt'}; API ${server ? 'compiled' : 'unchanged, not recompiled'}.`,
  );
}
