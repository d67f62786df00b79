import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import {
  type ClientFormValues,
  clientResolver,
  emptyClientValues,
  rfcKind,
} from './client-form-values.ts';

const moral: ClientFormValues = {
  ...emptyClientValues(),
  name_razon_social: 'COMERCIALIZADORA DEL NORTE',
  rfc: ' cno010203ab1 ',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  metodoPago: 'PUE',
  formaPago: '03',
  email: 'compras@norte.mx; Facturas@norte.mx',
  address: { ...emptyClientValues().address, codigo_postal: '64000' },
};

async function resolve(values: ClientFormValues) {
  return clientResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const messageAt = (errors: FieldErrors<ClientFormValues>, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], errors) as
    { message?: string } | undefined;

describe('clientResolver', () => {
  it('gives the request the API takes: RFC upper case, e-mails as a list', async () => {
    const { values, errors } = await resolve(moral);
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      rfc: 'CNO010203AB1',
      metodoPago: 'PUE',
      formaPago: '03',
      email: ['compras@norte.mx', 'facturas@norte.mx'],
      numRegistroIdentidadFiscal: null,
      pais: null,
    });
  });

  it("says 'el RFC ingresado no es válido' for an RFC out of the SAT pattern", async () => {
    for (const rfc of ['CNO010203AB', 'CNO011303AB1', 'CNO010203AB1X', '']) {
      const { errors } = await resolve({ ...moral, rfc });
      expect(messageAt(errors, 'rfc')?.message).toBe('el RFC ingresado no es válido');
    }
  });

  it('needs the fiscal postal code, except for the generic RFCs', async () => {
    const address = { ...moral.address, codigo_postal: '' };
    const { errors } = await resolve({ ...moral, address });
    expect(messageAt(errors, 'address.codigo_postal')?.message).toBe(
      'El código postal del domicilio fiscal es obligatorio',
    );
    const generic = await resolve({
      ...moral,
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
      address,
    });
    expect(generic.errors).toEqual({});
  });

  it('needs the tax id and the country of a foreign client', async () => {
    const foreign = { ...moral, rfc: 'XEXX010101000', regimenFiscal: '616', usoCfdi: 'S01' };
    const { errors } = await resolve(foreign);
    expect(messageAt(errors, 'numRegistroIdentidadFiscal')?.message).toContain(
      'número de registro de identidad fiscal es obligatorio',
    );
    expect(messageAt(errors, 'pais')?.message).toContain(
      'país de residencia fiscal es obligatorio',
    );
    const ok = await resolve({ ...foreign, numRegistroIdentidadFiscal: '123456789', pais: 'USA' });
    expect(ok.values).toMatchObject({ numRegistroIdentidadFiscal: '123456789', pais: 'USA' });
  });

  it('refuses a malformed e-mail among several', async () => {
    const { errors } = await resolve({ ...moral, email: 'a@b.mx, no-es-correo' });
    expect(messageAt(errors, 'email')?.message).toBe('El correo electrónico no es válido');
  });
});

describe('rfcKind', () => {
  it('reads the person type from the length and knows the generic RFCs', () => {
    expect(rfcKind('CNO010203AB1')).toMatchObject({
      valid: true,
      persona: 'moral',
      generic: false,
    });
    expect(rfcKind('LOPM800101AB3')).toMatchObject({ valid: true, persona: 'fisica' });
    expect(rfcKind('xexx010101000')).toMatchObject({ generic: true, foreign: true });
    expect(rfcKind('XAXX010101000')).toMatchObject({ generic: true, publicoEnGeneral: true });
    expect(rfcKind('ÑAND&0101')).toMatchObject({ valid: false, persona: null });
  });
});
