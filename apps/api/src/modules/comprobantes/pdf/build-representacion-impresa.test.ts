import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  cfdiDe,
  seedEmpresaEntrega,
  type ClaseComprobante,
  type EmpresaEntrega,
} from '../comprobantes.test-support.ts';
import { findEntregable } from '../comprobantes.service.ts';
import { buildRepresentacionImpresa } from './build-representacion-impresa.ts';
import { formatMoney } from './formato.ts';
import { importeConLetra } from './importe-con-letra.ts';
import { verificacionUrl } from './verificacion-url.ts';

// A 1x1 red PNG stands for the enterprise logo.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Set PDF_SAMPLES_DIR to keep the rendered PDFs and PNGs for a visual check. */
const samplesDir = process.env.PDF_SAMPLES_DIR;

describe('representación impresa (PDF) of stamped CFDIs', () => {
  let t: TestApp;
  let e: EmpresaEntrega;
  let work: string;

  beforeAll(async () => {
    t = await buildTestApp();
    e = await seedEmpresaEntrega(t.deps);
    work = mkdtempSync(join(tmpdir(), 'representacion-impresa-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  // Rendered as a real PAC's stamp unless `pruebas` (the sandbox's honest test mode) is asked for.
  async function render(clase: ClaseComprobante, cancelado = false, pruebas = false) {
    const row = await e.timbrar(clase);
    // The type as the delivery tells it (the registry), which picks the PDF's section.
    const { type } = await findEntregable(t.deps, row.enterprise_id, row.id);
    const pdf = await buildRepresentacionImpresa({
      xml: row.xml_timbrado ?? '',
      tipo: type,
      logo: { data: LOGO_PNG, mime: 'image/png' },
      cancelado,
      pruebas,
      catalogos: t.deps.catalogos,
    });
    const file = join(
      work,
      `${clase}${cancelado ? '-cancelado' : ''}${pruebas ? '-pruebas' : ''}.pdf`,
    );
    writeFileSync(file, pdf);
    if (samplesDir) {
      const name = `${clase}${cancelado ? '-cancelado' : ''}${pruebas ? '-pruebas' : ''}`;
      writeFileSync(join(samplesDir, `${clase}.xml`), row.xml_timbrado ?? '');
      writeFileSync(join(samplesDir, `${name}.pdf`), pdf);
      execFileSync('pdftoppm', ['-png', '-r', '80', file, join(samplesDir, name)]);
    }
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1],
    );
    return { row, cfdi: cfdiDe(row), pdf, file, text, pages };
  }

  it('a short invoice is one page with the UUID, totals, amount in words, keys, regimes and the TFD data', async () => {
    const { cfdi, pdf, text, pages } = await render('simple');
    const tfd = cfdi.Complemento?.TimbreFiscalDigital;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    expect(text).toContain(tfd?.UUID);
    expect(text).toContain('EMPRESA DE TIMBRADO');
    expect(text).toContain(cfdi.Emisor.Rfc);
    expect(text).toContain('601 - General de Ley Personas Morales');
    expect(text).toContain('XOCHILT CASAS CHAVEZ');
    expect(text).toContain('CACX7605101P8');
    expect(text).toContain('612 - Personas Físicas con Actividades Empresariales y Profesionales');
    expect(text).toContain('10740');
    expect(text).toContain('G03 - Gastos en general');
    expect(text).toContain('03 - Transferencia electrónica de fondos');
    expect(text).toContain('PUE - Pago en una sola exhibición');
    expect(text).toContain('80101500');
    expect(text).toContain('E48');
    expect(text).toContain('Servicio de consultoría');
    expect(text).toContain(`F-${cfdi.Folio ?? ''}`);
    expect(cfdi.Total).toBe('1200.00');
    expect(text).toContain('$ 1,034.48');
    expect(text).toContain('$ 165.52');
    expect(text).toContain('$ 1,200.00');
    expect(text).toContain('UN MIL DOSCIENTOS PESOS 00/100 M.N.');
    expect(text).toContain(cfdi.NoCertificado);
    expect(text).toContain(tfd?.NoCertificadoSAT);
    expect(text).toContain(tfd?.RfcProvCertif);
    expect(text).not.toContain('CANCELADO');
  });

  it('the QR decodes to the SAT verification URL of this CFDI', async () => {
    const { cfdi, file } = await render('simple');
    const tfd = cfdi.Complemento?.TimbreFiscalDigital;
    execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', file, join(work, 'qr')]);
    const png = readdirSync(work).find((f) => f.startsWith('qr') && f.endsWith('.png')) ?? '';
    const image = PNG.sync.read(readFileSync(join(work, png)));
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(
      verificacionUrl({
        uuid: tfd?.UUID ?? '',
        rfcEmisor: cfdi.Emisor.Rfc,
        rfcReceptor: cfdi.Receptor.Rfc,
        total: cfdi.Total,
        sello: cfdi.Sello ?? '',
      }),
    );
    expect(decoded?.data).toContain(`&tt=1200.0&fe=${(cfdi.Sello ?? '').slice(-8)}`);
  });

  it('prints every kind of tax: IEPS cuota, IVA 16/0/exento, ISR and IVA retenidos, local taxes, discount', async () => {
    const { cfdi, text } = await render('todos-los-impuestos');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('IVA exento: base $ 750.00');
    expect(flat).toContain('IEPS trasladado cuota 1.645100');
    expect(flat).toContain('IVA trasladado 16%');
    expect(flat).toContain('IVA trasladado 0%');
    expect(flat).toContain('ISR retenido');
    expect(flat).toContain('IVA retenido');
    expect(flat).toContain('ISH 3% (local trasladado)');
    expect(flat).toContain('Cinco al millar 0.5% (local retenido)');
    expect(flat).toContain('ISR retenido 10%: base $ 12,500.00, importe $ 1,250.00');
    expect(flat).toContain('IVA retenido 10.6667%: base $ 12,500.00, importe $ 1,333.34');
    expect(flat).toContain(`Descuento - ${formatMoney(cfdi.Descuento)}`);
    expect(flat).toContain(formatMoney(cfdi.Total));
    expect(flat).toContain(importeConLetra(cfdi.Total, 'MXN'));
    expect(flat).toContain('Contado');
  });

  it('a USD invoice shows the currency, the exchange rate and the amount in dollars', async () => {
    const { cfdi, text } = await render('usd');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('USD - Dólar americano');
    expect(flat).toContain('17.2530');
    expect(flat).toContain('UN MIL DOSCIENTOS DÓLARES 00/100 USD');
    expect(cfdi.Moneda).toBe('USD');
  });

  it('público en general and a factura global with its periodicity', async () => {
    const publico = await render('publico-en-general');
    expect(publico.text).toContain('XAXX010101000');
    expect(publico.text).toContain('S01 - Sin efectos fiscales.');
    const global = await render('global');
    const flat = global.text.replace(/\s+/g, ' ');
    expect(flat).toContain('FACTURA GLOBAL');
    expect(flat).toContain('Periodicidad: 04 - Mensual');
    expect(flat).toContain('T-1001');
    expect(flat).toContain('SEISCIENTOS PESOS 00/100 M.N.');
  });

  it('sixty lines paginate with the table header repeated and the totals and timbre on the last page', async () => {
    const { cfdi, text, pages } = await render('sesenta-conceptos');
    expect(pages).toBeGreaterThan(1);
    const porPagina = text.split('\f').filter((p) => p.trim() !== '');
    expect(porPagina).toHaveLength(pages);
    porPagina.forEach((p, i) => {
      expect(p).toContain(`Página ${String(i + 1)} de ${String(pages)}`);
      expect(p).toContain(cfdi.Complemento?.TimbreFiscalDigital?.UUID);
    });
    expect(porPagina[1]).toContain('CONCEPTOS (CONTINUACIÓN)');
    for (let i = 1; i <= 60; i++) {
      const esperado = i % 7 === 1 ? `modelo ${String(i)} con` : `número ${String(i)}`;
      expect(text.replace(/\s+/g, ' ')).toContain(esperado);
    }
    expect(porPagina.at(-1)).toContain('SELLO DIGITAL DEL SAT');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat.indexOf(formatMoney(cfdi.Total))).toBeGreaterThan(flat.indexOf('número 60'));
  });

  it('a complemento de pago reads as a recibo de pago: payment data, invoices with their balances, totals, QR and sellos', async () => {
    const { cfdi, text, file, pages } = await render('pago');
    expect(pages).toBe(1);
    expect(text).toContain('RECIBO DE PAGO');
    // Read in the PDF's own order (the two columns of the receptor box interleave in -layout).
    const flat = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(flat).toContain('P - Pago');
    // The payment's data where an invoice has its payment terms.
    expect(flat).toContain('DATOS DEL PAGO');
    expect(flat).toMatch(/MONTO RECIBIDO (RFC )?\$ 580\.00 MXN/);
    expect(flat).toContain('03 - Transferencia electrónica de fondos');
    expect(flat).toContain('MXN - Peso Mexicano');
    expect(flat).toContain('SPEI-000123');
    expect(flat).not.toContain('XXX - Los códigos asignados');
    // The invoice it pays: parcialidad, balance before, paid, after, and the taxes of the payment.
    expect(flat).toContain('FACTURAS QUE SE PAGAN');
    expect(flat).toContain('F-120');
    expect(flat).toMatch(/Saldo insoluto 1 \$ 1,160\.00 \$ 580\.00 \$ 580\.00/);
    expect(flat).toContain('UUID 5FB2822E-396D-4725-8521-CDC4BDD20CCF');
    expect(flat).toContain('IVA trasladado 16%: base $ 500.00, importe $ 80.00');
    // No table of conceptos at $ 0.00; the CFDI's own concepto and 0 XXX total in one note.
    expect(flat).not.toContain('CONCEPTOS');
    expect(flat).toContain('Concepto del CFDI: 84111506 - Pago');
    expect(flat).toContain('IMPORTE PAGADO CON LETRA');
    expect(flat).toContain('QUINIENTOS OCHENTA PESOS 00/100 M.N.');
    expect(flat).toContain('Base IVA 16% $ 500.00');
    expect(flat).toContain('IVA trasladado 16% $ 80.00');
    expect(flat).toContain('Total pagado MXN $ 580.00');
    expect(flat).not.toContain('Total XXX');
    expect(flat).toContain('SELLO DIGITAL DEL CFDI');
    expect(flat).toContain('SELLO DIGITAL DEL SAT');
    // A real stamp's QR verifies this CFDI at the SAT (total 0, as the XML says).
    execFileSync('pdftoppm', ['-png', '-r', '200', file, join(work, 'qr-pago')]);
    const png = readdirSync(work).find((f) => f.startsWith('qr-pago') && f.endsWith('.png')) ?? '';
    const image = PNG.sync.read(readFileSync(join(work, png)));
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(
      verificacionUrl({
        uuid: cfdi.Complemento?.TimbreFiscalDigital?.UUID ?? '',
        rfcEmisor: cfdi.Emisor.Rfc,
        rfcReceptor: cfdi.Receptor.Rfc,
        total: cfdi.Total,
        sello: cfdi.Sello ?? '',
      }),
    );
  });

  it.each(['sesenta-conceptos', 'pago', 'global'] as const)(
    'a test stamp (%s) says on every page that it has no fiscal validity and carries no SAT QR',
    async (clase) => {
      const { text, file, pages } = await render(clase, false, true);
      const porPagina = text.split('\f').filter((p) => p.trim() !== '');
      expect(porPagina).toHaveLength(pages);
      for (const pagina of porPagina) {
        expect(pagina).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
        expect(pagina).toContain('Documento de prueba sin validez fiscal');
      }
      const flat = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      expect(flat).toContain('no fue enviado al SAT, no tiene validez fiscal');
      expect(flat).not.toContain('Verifique este comprobante en el portal del SAT');
      expect(flat).not.toContain('representación impresa de un CFDI 4.0');
      const prefix = `sin-qr-${clase}`;
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '200',
        '-f',
        String(pages),
        '-l',
        String(pages),
        file,
        join(work, prefix),
      ]);
      const png = readdirSync(work).find((f) => f.startsWith(prefix) && f.endsWith('.png')) ?? '';
      const image = PNG.sync.read(readFileSync(join(work, png)));
      // No code that decodes to anything: jsQR sometimes finds an empty "code" in the dense seal
      // text of a page (a new seal each run), which is no QR a phone or the SAT could read.
      const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      expect(decoded?.data ?? '').toBe('');
    },
  );

  it('a cancelled test stamp says both on its band', async () => {
    const { file } = await render('simple', true, true);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('CANCELADO · DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
  });

  it('a cancelled CFDI carries the CANCELADO mark', async () => {
    const { text } = await render('simple', true);
    expect(text).toContain('CANCELADO');
  });
});
