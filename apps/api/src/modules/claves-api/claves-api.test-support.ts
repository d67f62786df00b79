/** Test helpers for API keys: a key created through the API, and its Bearer headers. */
import type { AlcanceClave, ModoClave } from '@repo/contracts/claves-api';
import type { TestApp } from '../../test/build-test-app.ts';

export async function crearClaveApi(
  t: TestApp,
  e: { enterpriseId: number; headers: Record<string, string> },
  body: { nombre?: string; modo?: ModoClave; alcances?: AlcanceClave[] } = {},
): Promise<{ id: number; clave: string; headers: { authorization: string } }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/claves-api/${e.enterpriseId}`,
    headers: e.headers,
    payload: {
      nombre: body.nombre ?? 'Punto de venta',
      modo: body.modo ?? 'pruebas',
      alcances: body.alcances ?? ['ver', 'emitir'],
    },
  });
  if (res.statusCode !== 201) throw new Error(`crearClaveApi: ${res.statusCode} ${res.body}`);
  const { id, clave } = res.json().data as { id: number; clave: string };
  return { id, clave, headers: { authorization: `Bearer ${clave}` } };
}
