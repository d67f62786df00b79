import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { listaDeLiterales } from './literales.ts';

const texto = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q);

describe('listaDeLiterales', () => {
  it('writes the keys as SQL literals, no parameters', () => {
    expect(texto(sql`x in ${listaDeLiterales(['facturas-ingreso', 'recepcion-pagos'])}`)).toEqual({
      sql: "x in ('facturas-ingreso', 'recepcion-pagos')",
      params: [],
    });
  });

  it('refuses anything but a plain key (no quote can reach the statement)', () => {
    expect(() => listaDeLiterales(["a') or ('1'='1"])).toThrow(/No es una clave/);
    expect(() => listaDeLiterales(['Facturas globales'])).toThrow(/No es una clave/);
  });
});
