import { expect } from 'vitest';
import type { RegistroAuditoria } from '@repo/contracts/auditoria';
import type { TestApp } from '../../test/build-test-app.ts';

/** Test helpers of the audit log: the log as its owner reads it, and a document's history. */
export function auditoriaHelpers(t: TestApp) {
  /** Every record of the enterprise, newest first, read through the API by `headers` (an owner). */
  const bitacora = async (
    enterpriseId: number,
    headers: Record<string, string>,
    query = '',
  ): Promise<RegistroAuditoria[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auditoria/${enterpriseId}?items_per_page=100${query}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { data: RegistroAuditoria[] } }>().data.data;
  };
  const historial = async (
    id: number,
    headers: Record<string, string>,
  ): Promise<RegistroAuditoria[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/comprobantes/v40/${id}/historial`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: RegistroAuditoria[] }>().data;
  };
  /** The one record of `accion` (the test fails when there are none or several). */
  const unico = (registros: RegistroAuditoria[], accion: RegistroAuditoria['accion']) => {
    const de = registros.filter((r) => r.accion === accion);
    expect(de.map((r) => r.accion)).toEqual([accion]);
    return de[0]!;
  };
  return { bitacora, historial, unico };
}
