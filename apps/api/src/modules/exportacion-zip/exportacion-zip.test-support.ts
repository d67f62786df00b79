import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { ExportacionZip } from '@repo/contracts/exportacion-zip';
import type { TestApp } from '../../test/build-test-app.ts';
import { api } from '../facturas/facturas.test-support.ts';

export const ZIP = '/api/facturacion/V40/comprobantes-zip';

type Sesion = { headers: Record<string, string> };

/** Polls an export until it is no longer being prepared (the exporter runs in the test's process). */
export async function esperarExportacion(
  t: TestApp,
  e: Sesion,
  id: number,
): Promise<ExportacionZip> {
  for (let i = 0; i < 1200; i++) {
    const res = await api(t, e, 'GET', `${ZIP}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ExportacionZip;
    if (data.estado === 'lista' || data.estado === 'error') return data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export never ended');
}

/** Creates the period's export, waits for it and answers it with the files of its ZIP. */
export async function exportarPeriodo(
  t: TestApp,
  e: Sesion,
  periodo: { from_date: string; to_date: string },
) {
  const created = await api(t, e, 'POST', ZIP, periodo);
  expect(created.statusCode, created.body).toBe(201);
  const lista = await esperarExportacion(t, e, created.json().data.id);
  expect(lista.estado, lista.error ?? '').toBe('lista');
  const res = await api(t, e, 'GET', `${ZIP}/${lista.id}/descargar`);
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.length).toBe(lista.bytes);
  return { exportacion: lista, files: unzipSync(new Uint8Array(res.rawPayload)) };
}
