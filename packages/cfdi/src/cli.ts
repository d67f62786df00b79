/**
 * Command line: a JSON invoice + a CSD (.cer, .key, password) → the signed CFDI 4.0 XML on stdout,
 * or the validation messages on stderr and a non-zero exit. See packages/cfdi/README.md.
 *
 *   npx tsx packages/cfdi/src/cli.ts --factura factura.json --cer CSD.cer --key CSD.key \
 *     (--password P | --password-file F) [--catalogos data/sat] [--fecha AAAA-MM-DDThh:mm:ss]
 *
 * Exit codes: 0 signed; 1 the invoice or the CSD was refused (messages on stderr); 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalogos } from '@repo/catalogos';
import { validateCsd } from './csd/validate-csd.ts';
import { firmarComprobante } from './sello/index.ts';
import type { CatalogosLookup } from './validacion/catalogos-lookup.ts';
import { validateComprobante } from './validacion/validate-comprobante.ts';
import { buildGlobal, type GlobalDraft } from './xml/build-global.ts';
import { buildIngreso, type IngresoDraft } from './xml/build-ingreso.ts';
import { buildPago, type PagoComprobanteDraft } from './xml/build-pago.ts';
import { fechaLocal } from './xml/fecha.ts';

/** The JSON the command line reads. */
export type FacturaJson =
  | ({ tipo: 'ingreso' } & IngresoDraft & Extras)
  | ({ tipo: 'global' } & GlobalDraft & Extras)
  | ({ tipo: 'pago' } & PagoComprobanteDraft & Extras);

interface Extras {
  /** AAAA-MM-DDThh:mm:ss; default: now in the zone of `husoHorario`. */
  fecha?: string;
  /** c_CodigoPostal huso_descripcion of LugarExpedicion (default Tiempo del Centro). */
  husoHorario?: string;
}

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  now: () => Date;
  /** Injected catalogs; otherwise @repo/catalogos reads --catalogos (default: the repo's data/sat). */
  catalogos?: CatalogosLookup;
}

export function runCli(argv: string[], io: CliIo): number {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        factura: { type: 'string' },
        cer: { type: 'string' },
        key: { type: 'string' },
        password: { type: 'string' },
        'password-file': { type: 'string' },
        catalogos: { type: 'string' },
        fecha: { type: 'string' },
      },
    }).values;
  } catch (e) {
    io.stderr(`${(e as Error).message}\n`);
    return 2;
  }
  const password =
    values.password ??
    (values['password-file']
      ? readFileSync(values['password-file'], 'utf8').replace(/\r?\n$/, '')
      : undefined);
  if (!values.factura || !values.cer || !values.key || password === undefined) {
    io.stderr(
      'Uso: cli.ts --factura factura.json --cer CSD.cer --key CSD.key (--password P | --password-file F) [--catalogos DIR] [--fecha AAAA-MM-DDThh:mm:ss]\n',
    );
    return 2;
  }
  let catalogos = io.catalogos;
  if (!catalogos) {
    try {
      catalogos = values.catalogos ? loadCatalogos(values.catalogos) : loadCatalogos();
    } catch (e) {
      io.stderr(`No se pudieron leer los catálogos del SAT: ${(e as Error).message}\n`);
      return 2;
    }
  }
  let factura: FacturaJson;
  try {
    factura = JSON.parse(readFileSync(values.factura, 'utf8')) as FacturaJson;
  } catch (e) {
    io.stderr(`No se pudo leer el JSON de la factura: ${(e as Error).message}\n`);
    return 2;
  }
  const now = io.now();
  const fecha =
    values.fecha ?? factura.fecha ?? fechaLocal(now, factura.husoHorario ?? 'Tiempo del Centro');
  const ctx = { fecha };
  const built =
    factura.tipo === 'global'
      ? buildGlobal(factura, ctx)
      : factura.tipo === 'pago'
        ? buildPago(factura, ctx)
        : factura.tipo === 'ingreso'
          ? buildIngreso(factura, ctx)
          : {
              ok: false as const,
              errores: [
                { field: 'tipo', message: 'El tipo debe ser "ingreso", "global" o "pago".' },
              ],
            };
  if (!built.ok) {
    for (const e of built.errores) io.stderr(`${e.field}: ${e.message}\n`);
    return 1;
  }
  const csd = validateCsd({
    cer: readFileSync(values.cer),
    key: readFileSync(values.key),
    password,
    rfc: built.comprobante.Emisor.Rfc,
    now,
  });
  if (!csd.ok) {
    for (const e of csd.errores) io.stderr(`${e.code} CSD: ${e.message}\n`);
    return 1;
  }
  const comprobante = { ...built.comprobante, NoCertificado: csd.certificado.noCertificado };
  const errores = validateComprobante(comprobante, { catalogos });
  if (errores.length > 0) {
    for (const e of errores) io.stderr(`${e.code} ${e.field}: ${e.message} [${e.satRule}]\n`);
    return 1;
  }
  io.stdout(firmarComprobante(comprobante, csd).xml);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCli(process.argv.slice(2), {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    now: () => new Date(),
  });
}
