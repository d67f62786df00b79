/**
 * bench/cfdi — our engine on the contract workload of the team's CFDI benchmark (10 conceptos with
 * IVA 16 %, ISR 10 % and IVA 10.6667 % retenidos; SAT test CSD AAA010101AAA): K invoices, one at a
 * time on one core, 1 warm-up pass + RUNS timed passes, median reported. Prints the RESULT / PHASES
 * lines of the contract, writes the last pass to out/cfdi-engine/inv-00001.xml…, checks it with the
 * SAT XSD/XSLT/openssl (checkSatMany), and, when the peer folder exists (BENCH_PEER_DIR, default
 * ../shared/bench/peer next to the repository), verifies with its verify.sh and runs its peers.
 *
 *   node --import tsx bench/cfdi/bench-cfdi.ts [--k=200] [--runs=5] [--peers] [--out=DIR]
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calcularComprobante } from '@repo/cfdi/calc';
import { buildCadenaOriginal } from '@repo/cfdi/cadena';
import { openLlavePrivada, readCertificado } from '@repo/cfdi/csd';
import { sellar } from '@repo/cfdi/sello';
import {
  buildIngreso,
  writeComprobanteXml,
  type Comprobante,
  type IngresoDraft,
} from '@repo/cfdi/xml';
import { checkSatMany } from '../../packages/cfdi/test/check-sat.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'];
  }),
);
const K = Number.parseInt(args['k'] ?? process.env['K'] ?? '200', 10);
const RUNS = Number.parseInt(args['runs'] ?? process.env['RUNS'] ?? '5', 10);
const OUT = resolve(args['out'] ?? join(ROOT, 'bench/cfdi/out'));
const PEER_DIR = resolve(process.env['BENCH_PEER_DIR'] ?? join(ROOT, '../shared/bench/peer'));

// ---------------------------------------------------------------- the workload (contract input)
const EMISOR = {
  rfc: 'AAA010101AAA',
  nombre: 'ACCEM SERVICIOS EMPRESARIALES',
  regimenFiscal: '601',
};
const RECEPTOR = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscalReceptor: '86991',
  regimenFiscalReceptor: '601',
  usoCfdi: 'G03',
};
const IMPUESTOS = [
  { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' },
  { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000' },
  { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' },
] as const;

function centavos(c: number): string {
  return `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

/** invoiceInput(i) of the contract, as our draft: ValorUnitario = 100 + 37.5·j + (i mod 7), 2 decimals. */
function invoiceInput(i: number): IngresoDraft {
  return {
    serie: 'BENCH',
    folio: String(i + 1),
    formaPago: '03',
    metodoPago: 'PUE',
    moneda: 'MXN',
    lugarExpedicion: '45079',
    emisor: EMISOR,
    receptor: RECEPTOR,
    // The contract rounds each tax line on its own (Importe = round2(Base·tasa)).
    redondeo: 'porLinea',
    conceptos: Array.from({ length: 10 }, (_, j) => ({
      claveProdServ: '84111506',
      noIdentificacion: `SKU-${j + 1}`,
      cantidad: String((j % 3) + 1),
      claveUnidad: 'E48',
      unidad: 'Servicio',
      descripcion: `Servicio de consultoría número ${j + 1} – periodo ${(i % 12) + 1}`,
      valorUnitario: centavos(10000 + 3750 * j + 100 * (i % 7)),
      objetoImp: '02' as const,
      impuestos: IMPUESTOS,
    })),
  };
}

// ---------------------------------------------------------------- once per process (not timed)
const dirCsd = join(ROOT, 'data/sat-test-csd/AAA010101AAA');
const certificado = readCertificado(readFileSync(join(dirCsd, 'AAA010101AAA.cer')));
const llave = openLlavePrivada(
  readFileSync(join(dirCsd, 'AAA010101AAA.key')),
  readFileSync(join(dirCsd, 'password.txt'), 'utf8'),
);
const ctx = { fecha: '2024-06-15T12:00:00', noCertificado: certificado.noCertificado };

interface Fases {
  build: number;
  cadena: number;
  sign: number;
  serialize: number;
}

function unaFactura(i: number, f: Fases): string {
  const t0 = performance.now();
  const r = buildIngreso(invoiceInput(i), ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  const c: Comprobante = { ...r.comprobante, Certificado: certificado.base64 };
  const t1 = performance.now();
  const cadena = buildCadenaOriginal(c);
  const t2 = performance.now();
  c.Sello = sellar(cadena, llave);
  const t3 = performance.now();
  const xml = writeComprobanteXml(c);
  const t4 = performance.now();
  f.build += t1 - t0;
  f.cadena += t2 - t1;
  f.sign += t3 - t2;
  f.serialize += t4 - t3;
  return xml;
}

/** CPU time of this process (user + system) since `desde`, seconds: what a pass cost the machine. */
const cpuDesde = (desde: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(desde);
  return (u.user + u.system) / 1e6;
};
/** The CPU seconds of each pass, engine and RSA alike (a busy machine stretches their wall time). */
const cpuPasadas: number[] = [];
const cpuPasadasRsa: number[] = [];

function pasada(guardar: boolean, f: Fases): number {
  const dir = join(OUT, 'cfdi-engine');
  if (guardar) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const xmls: string[] = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < K; i++) xmls.push(unaFactura(i, f));
  const s = (performance.now() - t0) / 1000;
  cpuPasadas.push(cpuDesde(c0));
  if (guardar) {
    xmls.forEach((xml, i) =>
      writeFileSync(join(dir, `inv-${String(i + 1).padStart(5, '0')}.xml`), xml),
    );
  }
  return s;
}

const mediana = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// Sanity: invoice #1 matches the contract's reference values.
const ref = calcularComprobante({
  moneda: 'MXN',
  conceptos: invoiceInput(0).conceptos,
  redondeo: 'porLinea',
});
if (!ref.ok || ref.totales.SubTotal !== '5162.50' || ref.totales.Total !== '4921.58') {
  throw new Error(`invoice #1 differs from the contract reference: ${JSON.stringify(ref)}`);
}

/**
 * The machine's RSA rate in the same run: K signatures (SHA-256 + RSA-2048 PKCS#1 v1.5, the same key
 * and node:crypto call as `sellar`) of the workload's own cadenas, one pass after each engine pass
 * so both see the same load. The engine's rate over this one is the share of the machine's signing
 * speed left to a whole invoice (100 % would be an invoice that costs only its signature).
 */
const cadenas = Array.from({ length: K }, (_, i) => {
  const r = buildIngreso(invoiceInput(i), ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return buildCadenaOriginal({ ...r.comprobante, Certificado: certificado.base64 });
});
function pasadaRsa(): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const c of cadenas) sellar(c, llave);
  const s = (performance.now() - t0) / 1000;
  cpuPasadasRsa.push(cpuDesde(c0));
  return s;
}

pasada(false, { build: 0, cadena: 0, sign: 0, serialize: 0 });
pasadaRsa();
cpuPasadas.length = 0;
cpuPasadasRsa.length = 0;
const fases: Fases = { build: 0, cadena: 0, sign: 0, serialize: 0 };
const tiempos: number[] = [];
const tiemposRsa: number[] = [];
for (let r = 0; r < RUNS; r++) {
  tiempos.push(pasada(r === RUNS - 1, fases));
  tiemposRsa.push(pasadaRsa());
}
const s = mediana(tiempos);
const sRsa = mediana(tiemposRsa);
const n = K * RUNS;
console.log(
  `RESULT name=cfdi-engine invoices=${K} seconds=${s.toFixed(4)} per_sec=${(K / s).toFixed(2)} ms_per_invoice=${((s * 1000) / K).toFixed(3)} runs=${RUNS} stage=issue node=${process.version}`,
);
console.log(
  `PHASES name=cfdi-engine stage=issue build_ms=${(fases.build / n).toFixed(4)} cadena_ms=${(fases.cadena / n).toFixed(4)} sign_ms=${(fases.sign / n).toFixed(4)} serialize_ms=${(fases.serialize / n).toFixed(4)}`,
);

console.log(
  `RSA name=cfdi-engine signatures_per_sec=${(K / sRsa).toFixed(0)} invoices_per_sec=${(K / s).toFixed(0)} engine_vs_rsa=${((100 * sRsa) / s).toFixed(1)}% target=60% (same run, ${RUNS} alternating passes of ${K}, medians; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
// Issue 26 judges the engine in CPU time: on a shared machine a pass's wall time also holds the
// time other processes had the core, and that varies from one pass to the next.
const cpuMotor = mediana(cpuPasadas);
const cpuRsa = mediana(cpuPasadasRsa);
console.log(
  `RSA_CPU name=cfdi-engine signatures_per_cpu_sec=${(K / cpuRsa).toFixed(0)} invoices_per_cpu_sec=${(K / cpuMotor).toFixed(0)} engine_vs_rsa_cpu=${((100 * cpuRsa) / cpuMotor).toFixed(1)}% target=60% (CPU time of this process, user + system, medians of the same passes)`,
);

// ---------------------------------------------------------------- validity
const dirOut = join(OUT, 'cfdi-engine');
const archivos = Array.from({ length: K }, (_, i) =>
  join(dirOut, `inv-${String(i + 1).padStart(5, '0')}.xml`),
);
const muestra = archivos.filter((_, i) => i % Math.max(1, Math.floor(K / 20)) === 0);
const fallas = checkSatMany(muestra.map((f) => readFileSync(f, 'utf8'))).filter((r) => !r.ok);
console.log(`CHECKSAT name=cfdi-engine sample=${muestra.length} failed=${fallas.length}`);
if (fallas.length) console.error(fallas[0]!.errors.join('\n'));

if (existsSync(join(PEER_DIR, 'verify.sh'))) {
  // The peer folder may be read-only: work on a copy whose ../../data points at the team's data.
  const base = join(tmpdir(), 'cfdi-bench-peers');
  const peer = join(base, 'bench/peer');
  if (!existsSync(join(peer, 'fixtures'))) {
    rmSync(base, { recursive: true, force: true });
    mkdirSync(join(base, 'bench'), { recursive: true });
    cpSync(PEER_DIR, peer, { recursive: true });
    symlinkSync(resolve(PEER_DIR, '../../data'), join(base, 'data'));
    const setup = spawnSync('bash', ['./setup.sh'], {
      cwd: peer,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (setup.status !== 0) console.error('peer setup.sh failed');
  }
  const v = spawnSync('bash', [join(peer, 'verify.sh'), dirOut], { encoding: 'utf8' });
  process.stdout.write(v.stdout.replace(/^VERIFY /m, 'VERIFY name=cfdi-engine '));
  if (args['peers'] === 'true') {
    const r = spawnSync('bash', ['./run-peers.sh'], {
      cwd: peer,
      env: { ...process.env, K: String(K), RUNS: String(RUNS) },
      encoding: 'utf8',
    });
    process.stdout.write(r.stdout);
  }
} else {
  console.log(`note: no peer folder at ${PEER_DIR}; peers not run`);
}
