import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Comprobante } from '@repo/cfdi/xml';
import { checkSat } from '../../../cfdi/test/check-sat.ts';
import { catalogosDePrueba } from '../../../cfdi/test/catalogos-de-prueba.ts';
import { PacDuplicadoError, PacNoDisponibleError, PacRechazoError } from '../errors.ts';
import { cfdiSellado, csdDePrueba, csdEku, EKU } from '../../test/cfdi-de-prueba.ts';
import { SandboxPac, type SandboxPacOptions } from './sandbox-pac.ts';
import { MemorySandboxStore } from './store.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-pac-'));
const AHORA = new Date('2026-03-02T16:00:00Z'); // Monday 10:00 Zona Centro

function pac(over: Partial<SandboxPacOptions> = {}): SandboxPac {
  return new SandboxPac({
    dataDir,
    catalogos: catalogosDePrueba,
    clock: () => AHORA,
    validarEsquema: false,
    ...over,
  });
}

async function codigoDeRechazo(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PacRechazoError);
    const err = e as PacRechazoError;
    expect(err.message.startsWith(`${err.codigo} - `)).toBe(true);
    expect(JSON.parse(err.raw)).toMatchObject({ status: 'error', message: err.message });
    return err.codigo;
  }
  throw new Error('se esperaba un rechazo');
}

describe('SandboxPac.timbrar', () => {
  it('stamps a sealed CFDI with a TFD 1.1 that passes the SAT checks, SelloSAT verified with the sandbox certificate', async () => {
    const p = pac({ validarEsquema: true });
    const xml = cfdiSellado(AHORA);
    const t = await p.timbrar(xml, { idempotencyKey: 'factura-1' });
    expect(t.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(t.fechaTimbrado).toBe('2026-03-02T10:00:00');
    expect(t.noCertificadoSAT).toBe('99999000000000000001');
    expect(t.previamenteTimbrado).toBe(false);
    expect(t.codigo).toBe('200');
    const r = checkSat(t.xml, { tfdCertificado: p.certificado().pem });
    expect(r.errors).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.cadenaTfd).toBe(t.cadenaOriginalTfd);
    // nothing but the TFD was added
    expect(
      t.xml.replace(/<cfdi:Complemento><tfd:TimbreFiscalDigital[^>]*\/><\/cfdi:Complemento>/, ''),
    ).toBe(xml);
    expect(JSON.parse(t.raw).data.uuid).toBe(t.uuid);
  }, 30_000);

  it('keeps its certificate under <dataDir>/sandbox-pac and reuses it', () => {
    const a = pac().certificado();
    const b = new SandboxPac({ dataDir, catalogos: catalogosDePrueba }).certificado();
    expect(b.der.equals(a.der)).toBe(true);
    expect(a.pem).toContain('BEGIN CERTIFICATE');
  });

  it('is idempotent: the same CFDI twice (or the stamped XML sent back) gives the first stamp, never a second UUID', async () => {
    const p = pac();
    const xml = cfdiSellado(AHORA);
    const [a, b] = await Promise.all([
      p.timbrar(xml, { idempotencyKey: 'k1' }),
      p.timbrar(xml, { idempotencyKey: 'k1' }),
    ]);
    expect(b.uuid).toBe(a.uuid);
    const c = await p.timbrar(xml, { idempotencyKey: 'k2' });
    expect(c.uuid).toBe(a.uuid);
    expect(c.xml).toBe(a.xml);
    expect(c.fechaTimbrado).toBe(a.fechaTimbrado);
    expect(c.previamenteTimbrado).toBe(true);
    expect(c.codigo).toBe('307');
    const d = await p.timbrar(a.xml, { idempotencyKey: 'k3' });
    expect(d.uuid).toBe(a.uuid);
    expect(d.previamenteTimbrado).toBe(true);
    // a different document (other folio) is a different stamp
    const e = await p.timbrar(cfdiSellado(AHORA, { cambiar: (x) => (x.Folio = '2') }), {
      idempotencyKey: 'k4',
    });
    expect(e.uuid).not.toBe(a.uuid);
  });

  it('CFDI3307: another CFDI under an idempotency key that already has a stamp is refused with the earlier stamp', async () => {
    const p = pac();
    const a = await p.timbrar(cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'K1') }), {
      idempotencyKey: 'factura-77',
    });
    const resellado = cfdiSellado(new Date(AHORA.getTime() - 60_000), {
      cambiar: (c) => (c.Folio = 'K1'),
    });
    const e = await p.timbrar(resellado, { idempotencyKey: 'factura-77' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PacDuplicadoError);
    expect((e as PacDuplicadoError).codigo).toBe('CFDI3307');
    expect((e as PacDuplicadoError).timbrePrevio?.uuid).toBe(a.uuid);
  });

  it('a CFDI stamped before gets its stamp back even when a check refuses it today (73 hours later)', async () => {
    const store = new MemorySandboxStore();
    const xml = cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'T73') });
    const a = await pac({ store }).timbrar(xml, { idempotencyKey: 'k73' });
    const despues = pac({ store, clock: () => new Date(AHORA.getTime() + 73 * 3600_000) });
    const b = await despues.timbrar(xml, { idempotencyKey: 'k73' });
    expect([b.uuid, b.previamenteTimbrado, b.xml]).toEqual([a.uuid, true, a.xml]);
    // the same check refuses a CFDI never stamped
    const nuevo = cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'T74') });
    expect(await codigoDeRechazo(despues.timbrar(nuevo, { idempotencyKey: 'k74' }))).toBe('401');
  });

  it('CFDI3307 comes before the later checks: another CFDI under a stamped key, changed after sealing', async () => {
    const p = pac();
    const a = await p.timbrar(cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'K2') }), {
      idempotencyKey: 'factura-78',
    });
    const alterado = cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'K3') }).replace(
      'Servicios de consultoría',
      'Servicios de consultoria',
    );
    const e = await p.timbrar(alterado, { idempotencyKey: 'factura-78' }).catch((x: unknown) => x);
    expect((e as PacDuplicadoError).codigo).toBe('CFDI3307');
    expect((e as PacDuplicadoError).timbrePrevio?.uuid).toBe(a.uuid);
    // under a fresh key the same document is refused for its Sello
    expect(await codigoDeRechazo(p.timbrar(alterado, { idempotencyKey: 'factura-79' }))).toBe(
      'CFDI40102',
    );
  });

  it('fault injection: a failure before stamping stores nothing; after stamping, the retry gets the stored stamp', async () => {
    const p = pac();
    const xml = cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'F1') });
    p.inyectarFalla('antes-de-timbrar');
    await expect(p.timbrar(xml, { idempotencyKey: 'k' })).rejects.toBeInstanceOf(
      PacNoDisponibleError,
    );
    const primero = await p.timbrar(xml, { idempotencyKey: 'k' });
    expect(primero.previamenteTimbrado).toBe(false);

    const otro = cfdiSellado(AHORA, { cambiar: (c) => (c.Folio = 'F2') });
    p.inyectarFalla('despues-de-timbrar');
    const e = await p.timbrar(otro, { idempotencyKey: 'k2' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PacNoDisponibleError);
    expect((e as PacNoDisponibleError).retryable).toBe(true);
    const reintento = await p.timbrar(otro, { idempotencyKey: 'k2' });
    expect(reintento.previamenteTimbrado).toBe(true);
    expect(reintento.uuid).not.toBe(primero.uuid);
  });

  it('301: XML that is not well formed', async () => {
    expect(await codigoDeRechazo(pac().timbrar('<cfdi:Comprobante', { idempotencyKey: 'x' }))).toBe(
      '301',
    );
  });

  it('CC3002: root in another namespace', async () => {
    const xml = cfdiSellado(AHORA).replace(
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/4"',
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/3"',
    );
    expect(await codigoDeRechazo(pac().timbrar(xml, { idempotencyKey: 'x' }))).toBe('CC3002');
  });

  it('301: XSD violation reported with the schema error as detail', async () => {
    const xml = cfdiSellado(AHORA, { cambiar: (c) => (c.Exportacion = '09') });
    try {
      await pac({ validarEsquema: true }).timbrar(xml, { idempotencyKey: 'x' });
      throw new Error('se esperaba un rechazo');
    } catch (e) {
      expect((e as PacRechazoError).codigo).toBe('301');
      expect((e as PacRechazoError).message).toBe(
        '301 - La estructura del comprobante es incorrecta.',
      );
      expect((e as PacRechazoError).incidencias[0]?.detalle).toMatch(/Exportacion/);
    }
  });

  it('301: every document is checked against the schema, the compiled schema reused between them', async () => {
    const p = pac({ validarEsquema: true });
    const bueno = await p.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'xsd-1' });
    expect(bueno.codigo).toBe('200');
    // a schema-only violation (a Concepto attribute the XSD does not define), sealed so only A5 catches it
    const malo = cfdiSellado(AHORA, {
      cambiar: (c) => {
        const concepto = c.Conceptos[0];
        if (concepto) concepto.NoIdentificacion = 'x'.repeat(101);
      },
    });
    try {
      await p.timbrar(malo, { idempotencyKey: 'xsd-2' });
      throw new Error('se esperaba un rechazo');
    } catch (e) {
      expect(e).toBeInstanceOf(PacRechazoError);
      expect((e as PacRechazoError).codigo).toBe('301');
      expect((e as PacRechazoError).message).toBe(
        '301 - La estructura del comprobante es incorrecta.',
      );
      expect((e as PacRechazoError).incidencias[0]?.detalle).toMatch(/NoIdentificacion/);
    }
    const otro = await p.timbrar(cfdiSellado(new Date(AHORA.getTime() - 60_000)), {
      idempotencyKey: 'xsd-3',
    });
    expect(otro.codigo).toBe('200');
  });

  it('non-existent catalog keys are answered as before the XSD stage checked the huge catalogs by set lookup', async () => {
    const p = pac({ validarEsquema: true });
    const casos: [(c: Comprobante) => void, string, string, RegExp | string][] = [
      [
        (c) => c.Conceptos[0] && (c.Conceptos[0].ClaveProdServ = '99999999'),
        '301',
        'La estructura del comprobante es incorrecta.',
        /^Element '\{http:\/\/www\.sat\.gob\.mx\/cfd\/4\}Concepto', attribute 'ClaveProdServ': \[facet 'enumeration'\] The value '99999999' is not an element of the set \{'01010101', /,
      ],
      [
        (c) => c.Conceptos[0] && (c.Conceptos[0].ClaveUnidad = 'ZZZ'),
        '301',
        'La estructura del comprobante es incorrecta.',
        /^Element '\{http:\/\/www\.sat\.gob\.mx\/cfd\/4\}Concepto', attribute 'ClaveUnidad': \[facet 'enumeration'\] The value 'ZZZ' is not an element of the set \{'05', '06', /,
      ],
      [
        (c) => (c.LugarExpedicion = '00000'),
        'CFDI40126',
        'El campo LugarExpedicion no contiene un valor del catálogo c_CodigoPostal.',
        'CFDI40126',
      ],
      [
        (c) => (c.LugarExpedicion = '0000'),
        '301',
        'La estructura del comprobante es incorrecta.',
        "Element '{http://www.sat.gob.mx/cfd/4}Comprobante', attribute 'LugarExpedicion': [facet 'pattern'] The value '0000' is not accepted by the pattern '[0-9]{5}'.",
      ],
      [
        (c) => (c.Receptor.DomicilioFiscalReceptor = '00000'),
        'CFDI40148',
        'El campo DomicilioFiscalReceptor no contiene un valor del catálogo c_CodigoPostal.',
        'CFDI40148',
      ],
      [
        (c) => (c.Receptor.DomicilioFiscalReceptor = 'ABCDE'),
        '301',
        'La estructura del comprobante es incorrecta.',
        "Element '{http://www.sat.gob.mx/cfd/4}Receptor', attribute 'DomicilioFiscalReceptor': [facet 'pattern'] The value 'ABCDE' is not accepted by the pattern '[0-9]{5}'.",
      ],
    ];
    for (const [cambiar, codigo, mensaje, detalle] of casos) {
      try {
        await p.timbrar(cfdiSellado(AHORA, { cambiar }), { idempotencyKey: 'cat' });
        throw new Error('se esperaba un rechazo');
      } catch (e) {
        const err = e as PacRechazoError;
        expect(err).toBeInstanceOf(PacRechazoError);
        expect(err.message).toBe(`${codigo} - ${mensaje}`);
        expect(err.incidencias[0]?.codigo).toBe(codigo);
        if (typeof detalle === 'string') expect(err.incidencias[0]?.detalle).toBe(detalle);
        else expect(err.incidencias[0]?.detalle).toMatch(detalle);
      }
    }
    // and a document with existing keys still stamps on the same instance
    const ok = await p.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'cat-ok' });
    expect(ok.codigo).toBe('200');
  });

  it('307: a TFD the sandbox never issued', async () => {
    const p = pac();
    const t = await p.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' });
    expect(await codigoDeRechazo(pac().timbrar(t.xml, { idempotencyKey: 'x' }))).toBe('307');
  });

  it('CFDI40106: NoCertificado that is not the certificate serial', async () => {
    const xml = cfdiSellado(AHORA).replace(
      `NoCertificado="${csdEku().noCertificado}"`,
      'NoCertificado="20001000000300022815"',
    );
    expect(await codigoDeRechazo(pac().timbrar(xml, { idempotencyKey: 'x' }))).toBe('CFDI40106');
  });

  it('CFDI40106: Certificado that is not a certificate', async () => {
    const xml = cfdiSellado(AHORA).replace(/Certificado="[^"]+"/, 'Certificado="QUJD"');
    expect(await codigoDeRechazo(pac().timbrar(xml, { idempotencyKey: 'x' }))).toBe('CFDI40106');
  });

  it('306: sealed with a FIEL', async () => {
    const fiel = csdDePrueba({ ...EKU, fiel: true, validFrom: new Date('2020-01-01') }, 'EKU-FIEL');
    expect(
      await codigoDeRechazo(
        pac().timbrar(cfdiSellado(AHORA, { csd: fiel }), { idempotencyKey: 'x' }),
      ),
    ).toBe('306');
  });

  it('308: CSD not issued by a trusted authority (test CA not trusted outside sandbox mode)', async () => {
    expect(
      await codigoDeRechazo(
        pac({ confiarCaDePruebas: false }).timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }),
      ),
    ).toBe('308');
  });

  it('303: CSD of another RFC', async () => {
    const otro = csdDePrueba(
      { rfc: 'XIQB891116QE4', nombre: 'BERENICE XIMO QUEZADA', validFrom: new Date('2020-01-01') },
      'XIQB',
    );
    expect(
      await codigoDeRechazo(
        pac().timbrar(cfdiSellado(AHORA, { csd: otro }), { idempotencyKey: 'x' }),
      ),
    ).toBe('303');
  });

  it('304: revoked CSD', async () => {
    const p = pac({ revocados: new Set([csdEku().noCertificado]) });
    expect(await codigoDeRechazo(p.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }))).toBe(
      '304',
    );
  });

  it('305: Fecha outside the CSD validity', async () => {
    const vencido = csdDePrueba(
      { ...EKU, validFrom: new Date('2020-01-01'), validTo: new Date(AHORA.getTime() - 3600_000) },
      'EKU-vencido',
    );
    expect(
      await codigoDeRechazo(
        pac().timbrar(cfdiSellado(AHORA, { csd: vencido }), { idempotencyKey: 'x' }),
      ),
    ).toBe('305');
  });

  it('402: emisor not in the LCO', async () => {
    const p = pac({ enLco: () => false });
    expect(await codigoDeRechazo(p.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' }))).toBe(
      '402',
    );
  });

  it('CFDI40102: content changed after sealing', async () => {
    const xml = cfdiSellado(AHORA).replace('Servicios de consultoría', 'Servicios de consultoria');
    expect(await codigoDeRechazo(pac().timbrar(xml, { idempotencyKey: 'x' }))).toBe('CFDI40102');
  });

  it('401: Fecha older than 72 hours, or in the future beyond the tolerance, in the zone of LugarExpedicion', async () => {
    const viejo = cfdiSellado(new Date(AHORA.getTime() - 73 * 3600_000));
    expect(await codigoDeRechazo(pac().timbrar(viejo, { idempotencyKey: 'x' }))).toBe('401');
    const futuro = cfdiSellado(new Date(AHORA.getTime() + 10 * 60_000));
    expect(await codigoDeRechazo(pac().timbrar(futuro, { idempotencyKey: 'x' }))).toBe('401');
    // on 2 March 2026 Tijuana (UTC-8) is two hours behind Mexico City (UTC-6): 08:00 there is now
    const tijuana = cfdiSellado(AHORA, { fecha: '2026-03-02T08:00:00' });
    const p = pac({ zonaHorariaDe: () => 'America/Tijuana' });
    expect((await p.timbrar(tijuana, { idempotencyKey: 'x' })).fechaTimbrado).toBe(
      '2026-03-02T10:00:00',
    );
    expect(
      await codigoDeRechazo(
        pac().timbrar(cfdiSellado(AHORA, { fecha: '2026-03-02T11:00:00' }), {
          idempotencyKey: 'y',
        }),
      ),
    ).toBe('401');
  });

  it('403: Fecha before 2011', async () => {
    const antes = new Date('2010-12-31T18:00:00Z');
    const csd = csdDePrueba({ ...EKU, validFrom: new Date('2010-01-01') }, 'EKU-2010');
    const p = pac({ clock: () => antes });
    expect(
      await codigoDeRechazo(p.timbrar(cfdiSellado(antes, { csd }), { idempotencyKey: 'x' })),
    ).toBe('403');
  });

  it('receiver registry (l_RFC): CFDI40143 unknown in strict mode, CFDI40145 name, CFDI40148 CP, CFDI40159 régimen', async () => {
    const registro = { nombre: 'XOCHILT CASAS CHAVEZ', cp: '10740', regimenes: ['612'] };
    const lista = (rfc: string) => (rfc === 'CACX7605101P8' ? registro : undefined);
    const ok = await pac({ listaRfc: lista, receptorDesconocido: 'strict' }).timbrar(
      cfdiSellado(AHORA, { cambiar: (c) => (c.Receptor.Nombre = 'xochilt  casas chavez') }),
      { idempotencyKey: 'x' },
    );
    expect(ok.uuid).toBeTruthy();
    const conReceptor = (cambiar: (c: Comprobante) => void) => cfdiSellado(AHORA, { cambiar });
    expect(
      await codigoDeRechazo(
        pac({ listaRfc: () => undefined, receptorDesconocido: 'strict' }).timbrar(
          cfdiSellado(AHORA),
          {
            idempotencyKey: 'x',
          },
        ),
      ),
    ).toBe('CFDI40143');
    expect(
      (
        await pac({ listaRfc: () => undefined }).timbrar(cfdiSellado(AHORA), {
          idempotencyKey: 'x',
        })
      ).uuid,
    ).toBeTruthy();
    const p = pac({ listaRfc: lista });
    expect(
      await codigoDeRechazo(
        p.timbrar(
          conReceptor((c) => (c.Receptor.Nombre = 'XOCHITL CASAS CHAVEZ')),
          { idempotencyKey: 'x' },
        ),
      ),
    ).toBe('CFDI40145');
    expect(
      await codigoDeRechazo(
        p.timbrar(
          conReceptor((c) => (c.Receptor.DomicilioFiscalReceptor = '10741')),
          { idempotencyKey: 'x' },
        ),
      ),
    ).toBe('CFDI40148');
    const otroRegimen = pac({ listaRfc: () => ({ ...registro, regimenes: ['626'] }) });
    expect(
      await codigoDeRechazo(otroRegimen.timbrar(cfdiSellado(AHORA), { idempotencyKey: 'x' })),
    ).toBe('CFDI40159');
  });

  it('CFDI40xxx: the engine rules (catalogs, régimen ↔ UsoCFDI, amounts) with every finding in incidencias', async () => {
    const xml = cfdiSellado(AHORA, {
      cambiar: (c) => {
        c.SubTotal = '5000.01';
        c.Receptor.UsoCFDI = 'S01';
        c.Receptor.RegimenFiscalReceptor = '601';
      },
    });
    try {
      await pac().timbrar(xml, { idempotencyKey: 'x' });
      throw new Error('se esperaba un rechazo');
    } catch (e) {
      const err = e as PacRechazoError;
      expect(err).toBeInstanceOf(PacRechazoError);
      expect(err.codigo).toMatch(/^CFDI40\d{3}$/);
      expect(err.incidencias.length).toBeGreaterThanOrEqual(2);
      expect(err.incidencias.map((i) => i.codigo)).toContain(err.codigo);
    }
  });
});
