import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { todasLasRutas } from '../test/rutas.ts';
import { DOCUMENTACION } from './openapi/documentacion.ts';

// Issue 28: the OpenAPI document is generated from the routes' zod contracts; every route of the app
// has its Spanish entry, every request body its example (accepted by the route's own schema, checked
// as the document is built), and the whole validates against the OpenAPI 3.1 schema.

interface Operacion {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { example?: unknown; schema?: unknown }> };
  responses: Record<string, { description?: string; $ref?: string }>;
}
type Documento = {
  openapi: string;
  paths: Record<string, Record<string, Operacion>>;
  components: { responses: Record<string, unknown>; schemas: Record<string, unknown> };
};

let t: TestApp;
let doc: Documento;

/** "GET /api/clients/{id}" → "GET /api/clients/:id", as the app and DOCUMENTACION write it. */
function operaciones(): Map<string, Operacion> {
  const ops = new Map<string, Operacion>();
  for (const [path, metodos] of Object.entries(doc.paths)) {
    for (const [metodo, op] of Object.entries(metodos)) {
      ops.set(`${metodo.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op);
    }
  }
  return ops;
}

beforeAll(async () => {
  t = await buildTestApp();
  // Built here rather than through the route, so that a wrong example fails with its message.
  doc = JSON.parse(JSON.stringify(t.app.swagger())) as Documento;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route of the app, and documents no route that does not exist', () => {
    const rutas = todasLasRutas(t.app).filter(
      (r) => r.includes(' /api/') && !r.includes(' /api/docs'),
    );
    expect(rutas.length).toBeGreaterThan(200);
    // A route with an optional last parameter is one entry ("…/:rfc?") and two routes of the tree.
    const documentadas = new Set(
      Object.keys(DOCUMENTACION).flatMap((k) =>
        k.endsWith('?') ? [k.slice(0, -1), k.replace(/\/:\w+\?$/, '')] : [k],
      ),
    );
    const sinDocumentar = rutas.filter((r) => !documentadas.has(r));
    expect(sinDocumentar, 'routes without an entry in http/openapi/documentacion.ts').toEqual([]);
    const ops = operaciones();
    expect([...documentadas].filter((k) => !rutas.includes(k))).toEqual([]);
    const inexistentes = Object.keys(DOCUMENTACION).filter((k) => !ops.has(k));
    expect(inexistentes, 'entries of documentacion.ts for routes that do not exist').toEqual([]);
  });

  it('gives each operation a Spanish summary, a group, an example for its JSON body and the error answers', () => {
    for (const [clave, op] of operaciones()) {
      expect(op.summary, clave).toBeTruthy();
      expect(op.tags, clave).toHaveLength(1);
      const json = op.requestBody?.content['application/json'];
      if (json) expect(json.example, `${clave} has no example`).toBeDefined();
      expect(Object.values(op.responses).map((r) => r.description)).not.toContain(
        'Default Response',
      );
      expect(op.responses['400']).toEqual({ $ref: '#/components/responses/Error400' });
      expect(op.responses['500']).toEqual({ $ref: '#/components/responses/Error500' });
    }
    const ops = operaciones();
    const timbrar = ops.get('POST /api/facturacion/V40/facturas-ingreso')!;
    expect(timbrar.security).toEqual([{ bearerAuth: [] }]);
    expect(timbrar.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    expect(JSON.stringify(timbrar)).toContain('Idempotency-Key');
    const portal = ops.get('POST /api/portal/:slug/facturar')!;
    expect(portal.security).toEqual([]);
    expect(portal.responses['401']).toBeUndefined();
    expect(portal.responses['429']).toEqual({ $ref: '#/components/responses/Error429' });
  });

  it("describes errors with the app's envelope, in Spanish", () => {
    expect(doc.components.schemas.RespuestaError).toMatchObject({
      type: 'object',
      properties: { success: { const: false } },
      required: ['success', 'dataError'],
    });
    expect(doc.components.responses.Error401).toMatchObject({
      description: expect.stringContaining('clave de API'),
    });
  });
});

describe('GET /api/docs', () => {
  it('answers the document to a program that asks for JSON, and a readable page to a browser, with no file from another site', async () => {
    const json = await t.app.inject({ url: '/api/docs', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(doc);
    expect((await t.app.inject({ url: '/api/docs/json' })).json()).toEqual(doc);

    const html = await t.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).not.toMatch(/(src|href)="https?:/);
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).not.toMatch(/["'`]https?:\/\//);
  });
});
