/**
 * Stamps per second end to end on the sandbox PAC: timbrarComprobante (local validation, the seal
 * for the expected folio, credit + folio + sealed XML stored in one statement, the sandbox PAC call,
 * the stamped XML stored; docs/decisions/010) with the real SAT catalogs, on PGlite (in process) and on PostgreSQL
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the run creates and
 * drops its own database). Prints throughput, p50/p99 latency, and the machine's RSA-2048 rates as
 * the physical limit: each stamp costs two signatures (our Sello, the PAC's SelloSAT) and one
 * verification (the PAC checks our Sello).
 *
 * Also prints, per stamp, the statements sent to PostgreSQL (round trips), how many reservations
 * went alone and in batches (docs/decisions/011), the CPU time of this process (user + system) and
 * of every PostgreSQL process on the machine (cpu-postgres.ts), which depend far less on the
 * machine's load than stamps per second, and where this process's CPU goes: each synchronous phase
 * of the engine, the API and the sandbox timed on the CPU clock through @repo/cfdi/fases, the rest
 * being the driver, promises, event loop and GC. The timed stamps follow --warmup stamps (JIT,
 * certificate, catalogs): the figures are a long-running server's.
 *
 * Then a micro-bench of the sandbox's XSD stage alone on the documents of the run, both paths in
 * the same process, alternating: the full SAT schema (libxml2 walking the huge catalog
 * enumerations, the only path before) and the relaxed schema + catalog sets (the default path).
 *
 *   node --import tsx bench/stamping/bench-stamping.ts [--stamps 2000] [--warmup 200] [--concurrency 8[,16…]] [--only pglite|postgres] [--no-xsd] [--xsd-full] [--no-phases] [--json]
 *
 * --json also prints each PostgreSQL run as one `JSON {…}` line (bench/http reads it).
 *
 * --xsd-full makes the stamps use the full schema for every document (the behaviour before).
 * --no-phases leaves the phase recorder out: each of its ~44 CPU clock reads per stamp is a
 * getrusage() that costs far more inside a stamping process under load than in a tight loop, so
 * the total CPU per stamp without it is the figure to hold against the target.
 */
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadCatalogos } from '@repo/catalogos';
import { registrarFases } from '@repo/cfdi/fases';
import { SandboxPac } from '@repo/pac';
import { fromPostgres, type Database } from '../../apps/api/src/db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../../apps/api/src/db/pglite.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { timbrarComprobante } from '../../apps/api/src/modules/timbrado/timbrado.service.ts';
import { seedEmpresaTimbrado } from '../../apps/api/src/modules/timbrado/timbrado.test-support.ts';
import { DbSandboxStore } from '../../apps/api/src/pac/db-sandbox-store.ts';
import { cpuPostgresEntre, cpuPostgresMs } from './cpu-postgres.ts';
import { buildTestApp } from '../../apps/api/src/test/build-test-app.ts';
import { contadoresXsd, usarSoloEsquemaCompleto } from '../../packages/pac/src/sandbox/xsd.ts';
import { microBenchXsd, print, printFases, type StampingRun } from './report.ts';

const { values } = parseArgs({
  options: {
    stamps: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
    xsd: { type: 'boolean', default: true },
    'no-xsd': { type: 'boolean', default: false },
    'xsd-full': { type: 'boolean', default: false },
    'no-phases': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
/** Without the phase recorder: the total CPU per stamp without the clock reads (see the README). */
const FASES_ON = !values['no-phases'];
const XSD = values.xsd && !values['no-xsd'];
usarSoloEsquemaCompleto(values['xsd-full']);
/** Sealed documents sent to the sandbox during the runs, for the XSD micro-bench. */
const documentos: string[] = [];

/**
 * Where the CPU of a stamp goes: the engine, the API and the sandbox time their synchronous phases
 * through @repo/cfdi/fases (a no-op unless a recorder is installed); `db.envio` is the synchronous
 * part of handing each statement to the pg driver (serialising it, writing the socket).
 */
const fases = new Map<string, number>();
const anotar = (fase: string, ms: number) => fases.set(fase, (fases.get(fase) ?? 0) + ms);
/** CPU time of the process (user + system), ms: a phase's figure does not grow with the load. */
let lecturasReloj = 0;
const relojCpu = () => {
  lecturasReloj++;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
if (FASES_ON) registrarFases({ reloj: relojCpu, anotar });

// Database round trips: every statement a pg client sends (pool, transactions, drizzle).
let queries = 0;
/** Reservations: alone (decision 010) and in batches (decision 011), with the batches' documents. */
const reservas = { solas: 0, lotes: 0, enLotes: 0 };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  const config = args[0] as { name?: string; values?: unknown[] } | string;
  if (typeof config === 'object' && config.name === 'timbrado_reserva_sellado') reservas.solas++;
  if (typeof config === 'object' && config.name === 'timbrado_reserva_lote') {
    reservas.lotes++;
    reservas.enLotes += Number(config.values?.[4] ?? 0);
  }
  if (!FASES_ON) return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  const inicio = relojCpu();
  try {
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } finally {
    anotar('db.envio', relojCpu() - inicio);
  }
} as typeof pg.Client.prototype.query;
const STAMPS = Number(values.stamps);
/** One run per concurrency (`--concurrency 8,16`), each on its own database. */
const CONCURRENCIES = values.concurrency.split(',').map(Number);
const WARMUP = Number(values.warmup);

function rsaRates(): { signPerSec: number; verifyPerSec: number } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(1500, 'a');
  const sig = sign('sha256', data, privateKey);
  const rate = (fn: () => void) => {
    for (let i = 0; i < 50; i++) fn();
    const start = process.hrtime.bigint();
    let n = 0;
    while (process.hrtime.bigint() - start < 1_000_000_000n) {
      fn();
      n++;
    }
    return n / (Number(process.hrtime.bigint() - start) / 1e9);
  };
  return {
    signPerSec: rate(() => sign('sha256', data, privateKey)),
    verifyPerSec: rate(() => verify('sha256', data, publicKey, sig)),
  };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function run(
  kind: 'pglite' | 'postgres',
  database: Database,
  concurrency: number,
): Promise<StampingRun> {
  await migrate(database);
  const catalogos = loadCatalogos();
  const pacDir = mkdtempSync(join(tmpdir(), 'bench-stamping-pac-'));
  // The sandbox validates every document against the SAT XSDs (libxml2 in WebAssembly, schemas compiled
  // once; the huge catalog enumerations checked by set lookup), as a real PAC does; --no-xsd leaves
  // that stage out, --xsd-full checks every document against the full schema.
  const pac = new SandboxPac({
    dataDir: pacDir,
    catalogos,
    validarEsquema: XSD,
    zonaHorariaDe: (cp) => catalogos.codigosPostales.zonaHoraria(cp),
    store: new DbSandboxStore(database.db),
  });
  const timbrar = pac.timbrar.bind(pac);
  pac.timbrar = (xml, options) => {
    if (documentos.length < 200) documentos.push(xml);
    return timbrar(xml, options);
  };
  const t = await buildTestApp({ database, catalogos, pac });
  try {
    const e = await seedEmpresaTimbrado(t.deps, { credits: STAMPS + WARMUP + 10 });
    // Every stamp carries its own idempotency key, as the API's always do (a draft's or the form's).
    let clave = 0;
    const stamp = () =>
      timbrarComprobante(t.deps, {
        enterpriseId: e.enterpriseId,
        serieId: e.serieId,
        buildComprobante: (ctx) => e.factura(ctx),
        idempotencyKey: `factura:bench-${++clave}`,
      });
    // Warm-up (JIT, certificate, catalogs): a server stamps all day, so the figures are its steady
    // state; the first hundred stamps of a process cost about a third more CPU each.
    for (let i = 0; i < WARMUP; i++) await stamp();
    const latencies: number[] = [];
    let next = 0;
    const queriesBefore = queries;
    const xsdBefore = { ...contadoresXsd };
    fases.clear();
    const lecturasAntes = lecturasReloj;
    const reservasAntes = { ...reservas };
    const pgAntes = kind === 'postgres' ? cpuPostgresMs() : null;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < STAMPS) {
          next++;
          const s = performance.now();
          const row = await stamp();
          if (row.status !== 'timbrada') throw new Error(`stamp ended ${row.status}`);
          latencies.push(performance.now() - s);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const pgDespues = pgAntes ? cpuPostgresMs() : null;
    const stampQueries = queries - queriesBefore;
    const porFase = [...fases].map(([f, ms]) => [f, ms / latencies.length] as const);
    const lecturasPorSello = (lecturasReloj - lecturasAntes) / latencies.length;
    latencies.sort((a, b) => a - b);
    return {
      kind,
      concurrency,
      stamps: latencies.length,
      perSecond: latencies.length / seconds,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      queriesPerStamp: stampQueries / latencies.length,
      cpuMsPerStamp: (cpu.user + cpu.system) / 1000 / latencies.length,
      xsdRapido: contadoresXsd.rapido - xsdBefore.rapido,
      xsdCompleto: contadoresXsd.completo - xsdBefore.completo,
      porFase,
      lecturasPorSello,
      pgCpuMsPerStamp:
        pgAntes && pgDespues ? cpuPostgresEntre(pgAntes, pgDespues) / latencies.length : null,
      solas: reservas.solas - reservasAntes.solas,
      lotes: reservas.lotes - reservasAntes.lotes,
      enLotes: reservas.enLotes - reservasAntes.enLotes,
    };
  } finally {
    await t.close();
    await database.close();
    rmSync(pacDir, { recursive: true, force: true });
  }
}

const rsa = rsaRates();
const cores = availableParallelism();
const limit = cores / (2 / rsa.signPerSec + 1 / rsa.verifyPerSec);
console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cores} cores, Node ${process.version}`);
console.log(
  `RSA-2048 (SHA-256): ${rsa.signPerSec.toFixed(0)} signatures/s, ${rsa.verifyPerSec.toFixed(0)} verifications/s per core`,
);
console.log(
  `physical limit (2 signatures + 1 verification per stamp, ${cores} cores): ${limit.toFixed(0)} stamps/s`,
);
console.log(
  `workload: ${STAMPS} stamps, ${CONCURRENCIES.join(' and ')} concurrent, one enterprise, one serie, sandbox XSD stage ${XSD ? (values['xsd-full'] ? 'on (full schema)' : 'on') : 'off'}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

for (const concurrency of CONCURRENCIES) {
  if (values.only !== 'postgres') {
    const pglite = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    const r = await run('pglite', pglite, concurrency);
    print(r, cores);
    if (FASES_ON) printFases(r);
  }
  if (values.only !== 'pglite') {
    const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `bench_stamping_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const r = await run('postgres', fromPostgres(url.toString(), 10), concurrency);
      print(r, cores);
      // For bench/http, which runs this bench in the same run and sets its figures beside its own.
      if (values.json) console.log(`JSON ${JSON.stringify(r)}`);
      if (FASES_ON) printFases(r);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
usarSoloEsquemaCompleto(false);
registrarFases(null);
microBenchXsd(documentos);
