import type { FastifyInstance } from 'fastify';

/** Every route of the app, "METHOD pattern" (HEAD left out), read from its route tree. */
export function todasLasRutas(app: FastifyInstance): string[] {
  const routes: string[] = [];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const parents: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]*)\)/.exec(line);
      if (!match) continue;
      const level = match[1]!.length / 4;
      const path = (parents[level - 1] ?? '') + match[2]!;
      parents[level] = path;
      if (match[3]!.split(', ').includes(method)) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
