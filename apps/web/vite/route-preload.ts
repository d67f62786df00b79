import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Plugin } from 'vite';

/**
 * First load without a waterfall (issue 16). Without help the browser fetches the entry and its
 * libraries, runs them, and only then learns which screen the URL opens and asks for its chunks:
 * one more round trip plus the libraries' start-up, before the screen's own code even leaves the
 * server. This plugin writes a tiny script into index.html's head that maps the route table's paths
 * to the chunks each screen needs (its chunk, its frame, the server-state cache) and adds
 * `<link rel="modulepreload">` for the current URL's, so they download in parallel with the entry.
 * It is inline (a separate file would cost the round trip it saves); a Content-Security-Policy
 * must allow it by its hash or it is skipped, and the app still loads, one round trip slower.
 */

export interface RouteSource {
  path: string;
  /** The screen module, relative to apps/web (src/app/routes/….tsx). */
  module: string;
  layout: 'app' | 'visitor';
  requiresAuth: boolean;
  serverState: boolean;
  /** The API GETs the screen makes on opening (route table `prefetch`), started with its chunks. */
  prefetch: string[];
}

/** The router: its `ROUTES` lists, in order, the groups of the route table (`...sessionRoutes`). */
export const ROUTER_FILE = 'src/app/router.tsx';

/**
 * The routes of one route-table file, read from its source (the route table is plain data).
 * `file` is the file's path relative to apps/web: each screen's `import('…')` is resolved from it.
 */
export function routesFromSource(source: string, file: string): RouteSource[] {
  const route =
    /\{\s*path: '([^']+)',([\s\S]*?)screen: lazy\(\s*\(\) => import\('(\.\.?\/[^']+)'\),?\s*\)/g;
  return [...source.matchAll(route)].map(([, path = '', body = '', module = '']) => ({
    path,
    module: posix.join(posix.dirname(file), module),
    layout: /layout: 'app'/.test(body) ? 'app' : 'visitor',
    requiresAuth: /guard: 'requiresAuth'/.test(body),
    serverState: !/serverState: false/.test(body),
    prefetch: [...(/prefetch: \[([^\]]*)\]/.exec(body)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
      (m) => m[1] ?? '',
    ),
  }));
}

/**
 * The route-table files, relative to apps/web, in the order the router's `ROUTES` spreads their
 * arrays (each imported by name from a relative path). Throws when `ROUTES` holds anything but
 * such spreads, or a spread that is not imported: the preloader would miss routes.
 */
export function routeTableFiles(routerSource: string, routerFile = ROUTER_FILE): string[] {
  const table = /export const ROUTES\b[^=]*=\s*\[([^\]]*)\]/.exec(routerSource)?.[1];
  if (table === undefined) throw new Error(`no ROUTES array in ${routerFile}`);
  const imported = new Map<string, string>();
  for (const [, names = '', from = ''] of routerSource.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*'(\.\.?\/[^']+)'/g,
  ))
    for (const name of names.split(','))
      imported.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
        from,
      );
  const spreads = [...table.matchAll(/\.\.\.(\w+)/g)].map(([, name = '']) => name);
  if (table.replace(/\.\.\.\w+|,|\s|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '') !== '')
    throw new Error(`ROUTES in ${routerFile} must list only spreads of route-table arrays`);
  return spreads.map((name) => {
    const from = imported.get(name);
    if (!from) throw new Error(`${name}, spread into ROUTES, is not imported in ${routerFile}`);
    return posix.join(posix.dirname(routerFile), from);
  });
}

/** Every route of the route table, in `ROUTES` order, read from the router's and its groups' text. */
export function routesOfTable(webDir: string): RouteSource[] {
  const read = (file: string) => readFileSync(join(webDir, file), 'utf8');
  return routeTableFiles(read(ROUTER_FILE)).flatMap((file) => {
    const routes = routesFromSource(read(file), file);
    if (routes.length === 0) throw new Error(`no routes read from ${file}`);
    return routes;
  });
}

/** A React Router path as a regular expression source (`:param`, optional `:param?`). */
export function pathPattern(path: string): string {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escape(segment)}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return `^${segments.join('')}/?$`;
}

export interface ChunkInfo {
  fileName: string;
  imports: string[];
}

/** The chunk files a set of chunks needs (themselves and their static imports, transitively). */
export function closure(chunks: ReadonlyMap<string, ChunkInfo>, files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) stack.push(imported);
  }
  return seen;
}

/**
 * The preloader's source: the chunk files once, then `[pattern, file indexes, requiresAuth,
 * prefetch]`. With a live session, on the screen's bare URL (a query string means filters or a
 * page the listed GETs do not ask for), it also starts the screen's API GETs (`{enterprise}` is the
 * stored enterprise's id) and leaves each response in `window.__cfdiPrefetch` under its URL with
 * the token it was sent with; the API client takes it once instead of asking again
 * (apps/web/src/shared/http/prefetched.ts).
 */
export function preloaderSource(
  table: Array<
    [pattern: string, files: string[], requiresAuth: boolean, prefetch?: readonly string[]]
  >,
  loginFiles: string[],
  base: string,
  apiBase = '/api',
): string {
  const files = [...new Set([...table.flatMap(([, f]) => f), ...loginFiles])].sort();
  const index = (list: string[]) => list.map((f) => files.indexOf(f));
  const routes = table.map(([pattern, list, auth, prefetch]) => [
    pattern,
    index(list),
    auth ? 1 : 0,
    prefetch ?? [],
  ]);
  return `(()=>{const files=${JSON.stringify(files)};const routes=${JSON.stringify(routes)};
const login=${JSON.stringify(index(loginFiles))};let token=null,expires=0,ent=null;
try{token=localStorage.getItem('accessToken');expires=Number(localStorage.getItem('expirationDate'));
ent=JSON.parse(localStorage.getItem('enterprise')||'null')}catch{}
const signedIn=!!token;
for(const [pattern,list,auth,apis] of routes){if(!new RegExp(pattern).test(location.pathname))continue;
for(const i of auth&&!signedIn?login:list){const l=document.createElement('link');l.rel='modulepreload';
l.crossOrigin='';l.href=${JSON.stringify(base)}+files[i];document.head.appendChild(l)}
if(signedIn&&expires>Date.now()&&!location.search){const p=window.__cfdiPrefetch={};
for(const a of apis){if(a.includes('{enterprise}')&&!(ent&&ent.id))continue;
const url=${JSON.stringify(apiBase.replace(/\/+$/, ''))}+'/'+a.replace('{enterprise}',ent&&ent.id);
p[url]={token,at:Date.now(),response:fetch(url,{headers:{Accept:'application/json',Authorization:'Bearer '+token}}).catch(()=>null)}}}
break}})();`;
}

export function routePreload(options: { webDir: string }): Plugin {
  let base = '/';
  let apiBase = '/api';
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      apiBase = (config.env.VITE_API_BASE as string | undefined) || '/api';
    },
    generateBundle(_, bundle) {
      let routes: RouteSource[];
      try {
        routes = routesOfTable(options.webDir);
      } catch (error) {
        this.warn(`route-preload: ${(error as Error).message}; nothing preloaded`);
        return;
      }
      const chunks = new Map<string, ChunkInfo>();
      const byModule = new Map<string, string>();
      let entry: string | null = null;
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(item.fileName, { fileName: item.fileName, imports: item.imports });
        if (item.facadeModuleId) byModule.set(item.facadeModuleId, item.fileName);
        if (item.isEntry) entry = item.fileName;
      }
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset' || routes.length === 0) {
        this.warn('route-preload: no entry, index.html or route table found; nothing preloaded');
        return;
      }
      const fileOf = (module: string) => byModule.get(join(options.webDir, module));
      const loaded = closure(chunks, [entry]);
      const needs = (modules: string[]) => {
        const files = modules.map(fileOf).filter((f): f is string => f !== undefined);
        return [...closure(chunks, files)].filter((f) => !loaded.has(f)).sort();
      };
      const frames = (route: RouteSource) => [
        route.module,
        ...(route.layout === 'app' ? ['src/app/layouts/app-layout.tsx'] : []),
        ...(route.serverState ? ['src/app/query-client.tsx'] : []),
      ];
      const table = routes
        .filter((r) => fileOf(r.module))
        .map((r): [string, string[], boolean, string[]] => [
          pathPattern(r.path),
          needs(frames(r)),
          r.requiresAuth,
          r.prefetch,
        ]);
      const login = routes.find((r) => r.path === '/login');
      const source = preloaderSource(table, login ? needs(frames(login)) : [], base, apiBase);
      const text =
        typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      html.source = text.replace(
        /(\s*)<script type="module"/,
        `$1<script>${source}</script>$1<script type="module"`,
      );
    },
  };
}
