import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ALCANCES_CLAVE } from '@repo/contracts/claves-api';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@repo/contracts/envelope';
import { ROLES_DE_CAPACIDAD } from '@repo/contracts/equipo';
import { DOCUMENTACION } from './openapi/documentacion.ts';
import { ETIQUETAS, type DocumentacionDeRuta } from './openapi/grupo.ts';
import { capacidadDeRuta } from './permisos.ts';

// The OpenAPI 3.1 document of the whole API (issue 28): the schemas come from the zod contracts of
// each route (z.toJSONSchema through fastify-type-provider-zod), the Spanish words and the request
// examples from openapi/documentacion.ts, one entry per route ("METHOD url" as in permisos.ts).
// openapi.test.ts fails when a route has no entry or an example breaks its route's schema.

export const DOCS_PREFIX = '/api/docs';

/** The route's key, as CAPACIDAD_DE_RUTA and DOCUMENTACION write it: "POST /api/clients/:id". */
export function claveDeDocumentacion(route: Pick<RouteOptions, 'method' | 'url'>): string {
  const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
  return `${methods[0] ?? 'GET'} ${route.url}`;
}

const ERRORES = {
  400: 'La solicitud no es válida: un parámetro o el cuerpo no tienen la forma esperada.',
  401: 'Falta el token de sesión o la clave de API, o ya no es válido: «Inicie sesión nuevamente».',
  403: 'Su rol o la clave de API no permiten esta acción.',
  404: 'El recurso no existe o no pertenece a su empresa.',
  409: 'El estado del recurso no permite la acción (por ejemplo, un comprobante ya cancelado).',
  422: 'Los datos no pasan las reglas del SAT o de la aplicación; `dataError` trae el mensaje por campo.',
  429: 'Demasiadas solicitudes: espere los segundos que indica el encabezado Retry-After.',
  500: 'Error interno: el mensaje no expone detalles; `errorTrackingUUID` identifica el incidente.',
} as const;
type Estado = keyof typeof ERRORES;

const DESCRIPCION = `API de facturación electrónica CFDI 4.0: las mismas rutas que usan las pantallas.

**Autenticación.** Envíe \`Authorization: Bearer <token>\`, donde el token es un token de sesión
(\`POST /api/users/login\`) o una clave de API de la empresa. Las rutas sin candado son públicas.

**Claves de API.** El propietario o un administrador las crea con su sesión (\`POST /api/claves-api/{empresa}\`):
\`fk_live_…\` timbra con el PAC configurado y \`fk_test_…\` siempre con el PAC de pruebas (sin validez
fiscal). Cada respuesta a una solicitud con clave lleva \`x-facturacion-modo: pruebas\` o
\`produccion\`. Una clave solo usa las rutas de sus permisos (\`ver\`, \`emitir\`, \`configurar\`), tiene
un límite de solicitudes por minuto (429 con Retry-After) y deja de valer en cuanto se revoca. Al
timbrar con una clave, el encabezado \`Idempotency-Key\` es obligatorio.

**Respuestas.** Toda respuesta correcta es \`{ "success": true, "data": … }\`; toda respuesta con error es
\`{ "success": false, "dataError": "mensaje" }\` o, si el error es de campos,
\`{ "success": false, "dataError": { "campo": ["mensaje"] } }\`. Los mensajes están en español.

**Reintentos seguros.** Las rutas que timbran aceptan el encabezado \`Idempotency-Key\`: repetir la
solicitud con la misma clave (por ejemplo, tras perder la respuesta) devuelve el mismo comprobante y
nunca timbra dos veces.

**Webhooks.** Cada entrega lleva el encabezado \`x-facturacion-firma: t=<segundos>,v1=<hex>\`, un
HMAC-SHA256 con el secreto del endpoint sobre \`<segundos>.<cuerpo>\`.`;

/** The part of a route's description that the app knows by itself: who may call it. */
function acceso(route: RouteOptions, clave: string): string {
  const capacidad = capacidadDeRuta(route.config, clave);
  if (!capacidad) return 'Ruta pública: no requiere token.';
  const roles = ROLES_DE_CAPACIDAD[capacidad].join(', ');
  if (!(ALCANCES_CLAVE as readonly string[]).includes(capacidad)) {
    return `Requiere token de sesión con la capacidad «${capacidad}» (roles: ${roles}); no acepta claves de API.`;
  }
  return `Requiere token de sesión o clave de API con la capacidad «${capacidad}» (roles: ${roles}).`;
}

function erroresDe(route: RouteOptions, clave: string): Estado[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const estados: Estado[] = [400];
  if (capacidadDeRuta(route.config, clave)) estados.push(401, 403);
  if (route.url.includes(':')) estados.push(404);
  if (route.method !== 'GET') estados.push(409);
  if (schema.body || route.method !== 'GET') estados.push(422);
  const conClave = (ALCANCES_CLAVE as readonly string[]).includes(
    capacidadDeRuta(route.config, clave) ?? '',
  );
  if (conClave || (route.config as { rateLimit?: unknown } | undefined)?.rateLimit)
    estados.push(429);
  estados.push(500);
  return estados;
}

/** Checks an example against the route's own zod schema: a wrong example is a bug of this table. */
function ejemploValido(clave: string, body: unknown, ejemplo: unknown): void {
  const result = z.safeParse(body as z.ZodType, ejemplo);
  if (!result.success) {
    throw new Error(`El ejemplo de ${clave} no cumple el esquema: ${result.error.message}`);
  }
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** jsonSchemaTransform (zod → JSON Schema) plus the route's Spanish documentation. */
function transformarRuta(args: TransformArgs) {
  const { route } = args;
  const clave = claveDeDocumentacion(route);
  const doc: DocumentacionDeRuta | undefined = DOCUMENTACION[clave];
  const result = jsonSchemaTransform(args);
  if (result.schema && (result.schema as { hide?: boolean }).hide) return result;
  const schema = { ...(result.schema ?? {}) } as Record<string, unknown>;
  const zodBody = (route.schema as { body?: unknown } | undefined)?.body;
  if (doc) {
    schema.summary = doc.resumen;
    schema.tags = [doc.etiqueta];
    schema.description = [doc.descripcion, acceso(route, clave)].filter(Boolean).join('\n\n');
    if (doc.ejemplo !== undefined && zodBody && schema.body) {
      ejemploValido(clave, zodBody, doc.ejemplo);
      schema.body = { ...schema.body, examples: [doc.ejemplo] };
    }
  }
  schema.operationId = clave.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');
  schema.security = capacidadDeRuta(route.config, clave) ? [{ bearerAuth: [] }] : [];
  schema['x-errores'] = erroresDe(route, clave);
  return { ...result, schema };
}

type Operacion = Record<string, unknown> & {
  responses?: Record<string, { description?: string }>;
  'x-errores'?: Estado[];
};

/** The document as a whole: error answers by reference, Spanish words where Fastify put English. */
function transformarDocumento({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operacion>>;
  for (const operaciones of Object.values(paths)) {
    for (const op of Object.values(operaciones)) {
      for (const respuesta of Object.values(op.responses ?? {})) {
        if (respuesta.description === 'Default Response')
          respuesta.description = 'Respuesta correcta.';
      }
      for (const estado of op['x-errores'] ?? []) {
        op.responses = {
          ...op.responses,
          [estado]: { $ref: `#/components/responses/Error${estado}` },
        };
      }
      delete op['x-errores'];
    }
  }
  const error = z.toJSONSchema(ErrorBody, { target: 'draft-2020-12' });
  delete (error as { $schema?: string }).$schema;
  const responses = Object.fromEntries(
    Object.entries(ERRORES).map(([estado, description]) => [
      `Error${estado}`,
      {
        description,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/RespuestaError' } },
        },
      },
    ]),
  );
  const components = (openapiObject.components ?? {}) as Record<string, object>;
  return {
    ...openapiObject,
    tags: ETIQUETAS,
    components: {
      ...components,
      schemas: { ...components.schemas, RespuestaError: error },
      responses,
    },
  };
}

/** Whoever asks /api/docs for JSON (a program, curl -H 'accept: application/json') gets the document. */
function jsonSiLoPide(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const accept = request.headers.accept ?? '';
    const pideJson = accept.includes('application/json') && !accept.includes('text/html');
    if (request.routeOptions.url === DOCS_PREFIX && pideJson) {
      void reply.send(app.swagger());
      return;
    }
    done();
  };
}

/**
 * The OpenAPI document generated from the zod contracts: the JSON at /api/docs/json (and at
 * /api/docs for a client that accepts JSON), a readable page at /api/docs served from the package's
 * own files (no CDN).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Facturación CFDI 4.0 — API',
        version: '1.4.5',
        description: DESCRIPCION,
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Token de sesión o clave de API: `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: transformarRuta as unknown as typeof jsonSchemaTransform,
    transformObject: transformarDocumento as never,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
    uiHooks: { onRequest: jsonSiLoPide(app) },
  });
}
