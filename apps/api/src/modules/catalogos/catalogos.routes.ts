import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClaveDescripcionListResponse,
  CodigoPostalSearchRequest,
  CodigoPostalSearchResponse,
  ColoniaSearchResponse,
  EstadoGetResponse,
  EstadoListResponse,
  FormaPagoListResponse,
  LocalidadSearchResponse,
  MunicipioSearchResponse,
  PaisListResponse,
  RegimenFiscalListResponse,
  UnidadListResponse,
  UsoCfdiListResponse,
} from '@repo/contracts/catalogos';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import {
  codigoPostalOr404,
  MOTIVOS_CANCELACION_OCULTOS,
  OBJETOS_IMPUESTO_OFRECIDOS,
  tipoPersonaDe,
  toCodigoPostal,
  toUnidad,
  UNIDADES_MAS_USADAS,
} from './catalogos.service.ts';
import { catalogosSearchRoutes } from './catalogos-search.routes.ts';

const CACHE_CONTROL = 'public, max-age=86400';
const PERSONA_NO_VALIDA =
  'Indique un RFC de 12 o 13 caracteres, o el tipo de persona física o moral.';
const ESTADO_NO_EXISTE = 'El estado no existe en el catálogo del SAT.';

/**
 * The catalog service (spec section 7, "Catalogue service"), mounted at `/api/catalogos`.
 *
 * No login: these are the SAT's public reference catalogs, the same for every user, and the
 * registration and fiscal-data screens need them before a session exists. Nothing here reads or
 * writes user data. Answers carry an ETag and Cache-Control, since the catalogs change rarely;
 * a matching If-None-Match gets a 304.
 */
export function catalogosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { catalogos, now } = deps;
  const hoy = () => now().toISOString().slice(0, 10);

  return async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // A signed-in search leads with the enterprise's own keys: an answer for that session only.
      if (request.auth) {
        reply.header('cache-control', 'private, no-store');
        return payload;
      }
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', CACHE_CONTROL);
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    app.get('/estados', { schema: { response: { 200: EstadoListResponse } } }, async () =>
      ok(
        catalogos.estados
          .dePais('MEX')
          .filter((e) => catalogos.estados.vigente(e.clave, hoy()))
          .map((e) => ({ clave: e.clave, nombre: e.nombre, pais: e.pais })),
      ),
    );

    app.get(
      '/estados/key/:key',
      {
        schema: { params: z.object({ key: z.string() }), response: { 200: EstadoGetResponse } },
      },
      async (request) => {
        const e = catalogos.estados.get(request.params.key.toUpperCase());
        if (!e) throw new AppError('NOT_FOUND', ESTADO_NO_EXISTE);
        return ok({ clave: e.clave, nombre: e.nombre, pais: e.pais });
      },
    );

    const regimenes = (tipo?: 'fisica' | 'moral') =>
      (tipo ? catalogos.regimenesFiscales.dePersona(tipo) : catalogos.regimenesFiscales.rows)
        .filter((r) => catalogos.regimenesFiscales.vigente(r.clave, hoy()))
        .map((r) => ({
          clave: r.clave,
          descripcion: r.descripcion,
          aplica_fisica: r.aplicaFisica,
          aplica_moral: r.aplicaMoral,
        }));

    app.get(
      '/regimenes-fiscales',
      { schema: { response: { 200: RegimenFiscalListResponse } } },
      async () => ok(regimenes()),
    );

    app.get(
      '/regimenes-fiscales/:x',
      {
        schema: {
          params: z.object({ x: z.string() }),
          response: { 200: RegimenFiscalListResponse },
        },
      },
      async (request) => {
        const tipo = tipoPersonaDe(request.params.x);
        if (!tipo) throw new AppError('VALIDATION', PERSONA_NO_VALIDA);
        return ok(regimenes(tipo));
      },
    );

    app.get(
      '/objetos-impuesto',
      { schema: { response: { 200: ClaveDescripcionListResponse } } },
      async () =>
        ok(
          OBJETOS_IMPUESTO_OFRECIDOS.flatMap((clave) => {
            const r = catalogos.objetosImpuesto.get(clave);
            return r ? [{ clave: r.clave, descripcion: r.descripcion }] : [];
          }),
        ),
    );

    const usos = (rows: ReturnType<typeof catalogos.usosCfdi.vigentes>) =>
      rows.map((u) => ({
        clave: u.clave,
        descripcion: u.descripcion,
        aplica_fisica: u.aplicaFisica,
        aplica_moral: u.aplicaMoral,
        regimenes_fiscales_receptores: [...u.regimenesFiscalesReceptores],
      }));

    app.get('/usos-cfdis', { schema: { response: { 200: UsoCfdiListResponse } } }, async () =>
      ok(usos(catalogos.usosCfdi.vigentes(hoy()))),
    );

    app.get(
      '/usos-cfdis/:rfc/:regimen',
      {
        schema: {
          params: z.object({ rfc: z.string(), regimen: z.string() }),
          response: { 200: UsoCfdiListResponse },
        },
      },
      async (request) => {
        const tipo = tipoPersonaDe(request.params.rfc);
        if (!tipo) throw new AppError('VALIDATION', PERSONA_NO_VALIDA);
        return ok(usos(catalogos.usosCfdi.paraReceptor(tipo, request.params.regimen, hoy())));
      },
    );

    app.get('/formas-pagos', { schema: { response: { 200: FormaPagoListResponse } } }, async () =>
      ok(
        catalogos.formasPago.vigentes(hoy()).map((f) => ({
          clave: f.clave,
          descripcion: f.descripcion,
          bancarizado: f.bancarizado,
        })),
      ),
    );

    const claveDescripcion = (rows: readonly { clave: string; descripcion: string }[]) =>
      rows.map((r) => ({ clave: r.clave, descripcion: r.descripcion }));

    app.get(
      '/metodos-pago',
      { schema: { response: { 200: ClaveDescripcionListResponse } } },
      async () => ok(claveDescripcion(catalogos.metodosPago.vigentes(hoy()))),
    );

    app.get(
      '/motivos-cancelacion',
      { schema: { response: { 200: ClaveDescripcionListResponse } } },
      async () =>
        ok(
          claveDescripcion(
            catalogos.motivosCancelacion.rows.filter(
              (m) => !(MOTIVOS_CANCELACION_OCULTOS as readonly string[]).includes(m.clave),
            ),
          ),
        ),
    );

    app.get('/paises', { schema: { response: { 200: PaisListResponse } } }, async () =>
      ok(claveDescripcion(catalogos.paises.rows)),
    );

    app.get(
      '/unidades/most-used',
      { schema: { response: { 200: UnidadListResponse } } },
      async () =>
        ok(
          UNIDADES_MAS_USADAS.flatMap((clave) => {
            const u = catalogos.unidades.get(clave);
            return u ? [toUnidad(u)] : [];
          }),
        ),
    );

    await app.register(catalogosSearchRoutes(deps));

    app.post(
      '/codigos-postales/search',
      {
        schema: { body: CodigoPostalSearchRequest, response: { 200: CodigoPostalSearchResponse } },
      },
      async (request) =>
        ok(toCodigoPostal(codigoPostalOr404(catalogos, request.body.codigo_postal))),
    );

    app.post(
      '/municipios/search',
      { schema: { body: CodigoPostalSearchRequest, response: { 200: MunicipioSearchResponse } } },
      async (request) => {
        const cp = request.body.codigo_postal;
        codigoPostalOr404(catalogos, cp);
        const m = catalogos.codigosPostales.municipioDe(cp);
        return ok(
          m ? [{ clave: m.clave, clave_estado: m.estado, descripcion: m.descripcion }] : [],
        );
      },
    );

    app.post(
      '/localidades/search',
      { schema: { body: CodigoPostalSearchRequest, response: { 200: LocalidadSearchResponse } } },
      async (request) => {
        const cp = request.body.codigo_postal;
        codigoPostalOr404(catalogos, cp);
        const l = catalogos.codigosPostales.localidadDe(cp);
        return ok(
          l ? [{ clave: l.clave, clave_estado: l.estado, descripcion: l.descripcion }] : [],
        );
      },
    );

    app.post(
      '/colonias/search',
      { schema: { body: CodigoPostalSearchRequest, response: { 200: ColoniaSearchResponse } } },
      async (request) => {
        const cp = request.body.codigo_postal;
        codigoPostalOr404(catalogos, cp);
        return ok(
          catalogos.colonias.delCodigoPostal(cp).map((c) => ({
            clave: c.clave,
            codigo_postal: c.codigoPostal,
            nombre_asentamiento: c.nombreAsentamiento,
          })),
        );
      },
    );
  };
}
