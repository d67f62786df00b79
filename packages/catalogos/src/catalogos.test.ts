import { describe, expect, it } from 'vitest';
import { loadCatalogos } from './index.ts';

const c = loadCatalogos();

describe('loadCatalogos', () => {
  it('returns the same instance for the same folder', () => {
    expect(loadCatalogos()).toBe(c);
    expect(loadCatalogos(c.dir)).toBe(c);
  });

  it('refuses a folder without the SAT catalogs', () => {
    expect(() => loadCatalogos('/nonexistent-folder')).toThrow(/No se encontraron/);
  });
});

describe('lookups with real SAT data', () => {
  it('estados, países, municipios and localidades', () => {
    expect(c.estados.get('CMX')?.nombre).toBe('Ciudad de México');
    expect(c.estados.dePais('MEX')).toHaveLength(32);
    expect(c.estados.get('DIF')).toBeUndefined();
    expect(c.paises.get('MEX')?.descripcion).toBe('México');
    expect(c.pais('USA')?.descripcion).toBe('Estados Unidos (los)');
    expect(c.municipios.get('JAL', '039')?.descripcion).toBe('Guadalajara');
    expect(c.municipios.get('DIF', '015')?.descripcion).toBe('Cuauhtémoc');
    expect(c.municipios.delEstado('CMX')).toHaveLength(16);
    expect(c.localidades.get('AGU', '01')?.descripcion).toBe('Aguascalientes');
  });

  it('códigos postales answer CMX, the municipio, the localidad and the time zone', () => {
    const cp = c.codigoPostal('06600');
    expect(cp).toMatchObject({ estado: 'CMX', municipio: '015', localidad: '06' });
    expect(c.codigosPostales.estadoDe('06600')?.clave).toBe('CMX');
    expect(c.codigosPostales.municipioDe('06600')?.descripcion).toBe('Cuauhtémoc');
    expect(c.codigosPostales.zonaHoraria('06600')).toBe('America/Mexico_City');
    expect(c.codigosPostales.zonaHoraria('22000')).toBe('America/Tijuana');
    expect(c.codigosPostales.zonaHoraria('77500')).toBe('America/Cancun');
    expect(c.codigoPostal('22000')?.estimuloFranjaFronteriza).toBe(true);
    // 2 = región fronteriza sur (Chetumal), also a border-region postal code.
    expect(c.codigoPostal('77000')?.estimuloFranjaFronteriza).toBe(true);
    expect(c.codigoPostal('06600')?.estimuloFranjaFronteriza).toBe(false);
    expect(c.codigosPostales.has('00000')).toBe(false);
    expect(c.codigosPostales.rows.some((r) => r.estado === 'DIF')).toBe(false);
    expect(c.colonias.delCodigoPostal('06600').map((x) => x.nombreAsentamiento)).toContain(
      'Juárez',
    );
  });

  it('regímenes by person type and usos CFDI by receiver regime', () => {
    expect(c.regimenFiscal('601')).toMatchObject({ aplicaFisica: false, aplicaMoral: true });
    expect(c.regimenFiscal('626')).toMatchObject({ aplicaFisica: true, aplicaMoral: true });
    expect(c.regimenesFiscales.dePersona('moral').map((r) => r.clave)).not.toContain('605');
    expect(c.usosCfdi.permite('G03', 'moral', '601')).toBe(true);
    expect(c.usosCfdi.permite('D01', 'moral', '601')).toBe(false);
    expect(c.usosCfdi.permite('D01', 'fisica', '605')).toBe(true);
    expect(c.usosCfdi.permite('CN01', 'fisica', '612')).toBe(false);
    expect(c.usoCfdi('S01')?.regimenesFiscalesReceptores).toContain('616');
  });

  it('vigente checks the validity window on a date', () => {
    expect(c.formasPago.vigente('03', '2024-05-01')).toBe(true);
    expect(c.formasPago.vigente('03', '2021-12-31')).toBe(false);
    expect(c.formasPago.vigente('98', '2024-05-01')).toBe(false);
    expect(c.objetosImpuesto.vigente('02', new Date('2024-05-01T12:00:00Z'))).toBe(true);
    expect(c.objetosImpuesto.has('08')).toBe(true);
    expect(c.productosServicios.vigente('01010101', '2024-01-01T10:00:00')).toBe(true);
    expect(c.unidades.vigente('H87', '2024-01-01')).toBe(true);
    expect(() => c.monedas.vigente('MXN', 'ayer')).toThrow(/Fecha no válida/);
  });

  it('monedas with decimals and variación, tasas o cuota, impuestos and small catalogs', () => {
    expect(c.moneda('MXN')).toMatchObject({ decimales: 2 });
    expect(c.moneda('JPY')?.decimales).toBe(0);
    expect(c.moneda('USD')?.porcentajeVariacion).toBeGreaterThan(0);
    expect(
      c.tasasOCuota.buscar({ impuesto: '002', factor: 'Tasa', valor: '0.16', traslado: true }),
    ).toMatchObject({ tipo: 'Fijo', valorMaximo: '0.160000' });
    expect(
      c.tasasOCuota.buscar({ impuesto: 'IVA', factor: 'Tasa', valor: '0.15', traslado: true }),
    ).toBeUndefined();
    expect(
      c.tasasOCuota.buscar({ impuesto: 'ISR', factor: 'Tasa', valor: '0.10', traslado: false }),
    ).toMatchObject({ tipo: 'Rango' });
    expect(c.impuestos.get('003')?.descripcion).toBe('IEPS');
    expect(c.tiposFactor.has('Exento')).toBe(true);
    expect(c.tiposDeComprobante.get('P')?.descripcion).toBe('Pago');
    expect(c.tiposRelacion.get('04')?.descripcion).toBe('Sustitución de los CFDI previos');
    expect(c.exportaciones.has('01')).toBe(true);
    expect(c.periodicidades.get('04')?.descripcion).toBe('Mensual');
    expect(c.meses.rows).toHaveLength(18);
    expect(c.metodosPago.get('PPD')?.descripcion).toBe('Pago en parcialidades o diferido');
    expect(c.motivosCancelacion.rows.map((m) => m.clave)).toEqual(['01', '02', '03', '04']);
    expect(c.tiposCadenaPago.get('01')?.descripcion).toBe('SPEI');
    expect(c.claveUnidad('KGM')?.simbolo).toBe('kg');
    expect(c.tasasOCuotas().length).toBe(19);
  });

  it('local taxes by estado, with the ones valid everywhere', () => {
    const cmx = c.impuestosLocales.delEstado('CMX');
    expect(cmx.some((r) => r.estado === 'CMX' && r.tipo === 'trasladado')).toBe(true);
    expect(cmx.some((r) => r.estado === '*')).toBe(true);
    expect(c.impuestosLocales.delEstado('DIF')).toEqual(cmx);
    expect(c.impuestosLocales.delEstado('AGU').every((r) => r.estado === '*')).toBe(true);
  });
});
