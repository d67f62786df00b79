import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIMEN_SOCIETARIO_MESSAGE } from '@repo/contracts/datos-fiscales';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { countClients } from './clients.queries.ts';

/**
 * Spec section 5: the receptor's name is the one the SAT registers, without the régimen societario;
 * the SAT's register check rejects "S.A. DE C.V." in Receptor/@Nombre (CFDI40145). Every way a name
 * becomes a receptor follows the rule: the client form, the wizard's client step and the import.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const cliente = {
  name_razon_social: 'COMERCIAL DEL NORTE S.A. DE C.V.',
  rfc: 'CNO010203AB1',
  usoCfdi: 'G03',
  regimenFiscal: '601',
  address: { codigo_postal: '64000' },
};

describe('client names without the régimen societario', () => {
  it('the client form’s API refuses the suffix with the SAT’s reason and stores nothing', async () => {
    const e = await seedEnterprise(t.deps);
    for (const name of [
      'COMERCIAL DEL NORTE S.A. DE C.V.',
      'COMERCIAL DEL NORTE, S. DE R.L. DE C.V.',
      'COMERCIAL DEL NORTE SA DE CV',
      'DESPACHO LEGAL S.C.',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: e.headers,
        payload: { ...cliente, name_razon_social: name },
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().dataError.name_razon_social).toEqual([REGIMEN_SOCIETARIO_MESSAGE]);
    }
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: e.headers,
      payload: { ...cliente, name_razon_social: 'COMERCIAL DEL NORTE' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('the wizard’s client step follows the same rule', async () => {
    const e = await seedEnterprise(t.deps, { setupCompleted: false });
    const token = await issueNewClientToken(t.deps.db, e, new Date());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/new-client/clients/${token}`,
      payload: cliente,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.name_razon_social).toEqual([REGIMEN_SOCIETARIO_MESSAGE]);
  });

  it('the import removes the suffix, creates the client and says so in the report', async () => {
    const e = await seedEnterprise(t.deps);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow([
      'Nombre o razón social',
      'RFC',
      'Uso CFDI',
      'Régimen fiscal',
      'Código postal',
      'Correo electrónico',
    ]);
    sheet.addRow(['COMERCIAL DEL NORTE S.A. DE C.V.', 'CNO010203AB1', 'G03', '601', '64000', '']);
    sheet.addRow(['TIENDA LA ESQUINA', 'TES010203AB1', 'G03', '601', '64000', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = '----nombreboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clientes.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: { ...e.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([
      {
        row: 2,
        status: 'created',
        label: 'COMERCIAL DEL NORTE · CNO010203AB1',
        errors: [
          `Nombre o razón social: ${REGIMEN_SOCIETARIO_MESSAGE}; se registró como «COMERCIAL DEL NORTE».`,
        ],
      },
      { row: 3, status: 'created', label: 'TIENDA LA ESQUINA · TES010203AB1', errors: [] },
    ]);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/clients/search',
      headers: e.headers,
      payload: { data_search: 'CNO010203AB1' },
    });
    expect(search.json().data.data[0].name_razon_social).toBe('COMERCIAL DEL NORTE');
  });
});
