/**
 * What bench-stamping.ts prints for each run: the result line with issue 16's targets beside it,
 * where the CPU of a stamp goes (phase by phase), and the XSD stage's micro-bench.
 */
import { loadavg } from 'node:os';
import { validarXsdCompletoSync, validarXsdSync } from '../../packages/pac/src/sandbox/xsd.ts';

/** Issue 16, on PostgreSQL with the sandbox PAC in process. */
const TARGET = { perSecond: 500, p99Ms: 50, cpuMs: 2 };

/** One timed run of the stamping bench. */
export interface StampingRun {
  kind: 'pglite' | 'postgres';
  concurrency: number;
  stamps: number;
  perSecond: number;
  p50: number;
  p99: number;
  queriesPerStamp: number;
  cpuMsPerStamp: number;
  xsdRapido: number;
  xsdCompleto: number;
  porFase: (readonly [string, number])[];
  lecturasPorSello: number;
  pgCpuMsPerStamp: number | null;
  solas: number;
  lotes: number;
  enLotes: number;
}

export function print(r: StampingRun, cores: number) {
  console.log(
    `${r.kind.padEnd(8)} ${r.perSecond.toFixed(1).padStart(7)} stamps/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.stamps} stamps)  ` +
      `${r.kind === 'postgres' ? `${r.queriesPerStamp.toFixed(1)} statements/stamp  ` : ''}${r.cpuMsPerStamp.toFixed(2)} ms CPU/stamp (this process)  ` +
      `XSD: ${r.xsdRapido} relaxed + sets, ${r.xsdCompleto} full schema`,
  );
  if (r.kind !== 'postgres') return;
  const maquina = r.pgCpuMsPerStamp === null ? null : r.cpuMsPerStamp + r.pgCpuMsPerStamp;
  console.log(
    `         reservations: ${r.solas} alone, ${r.lotes} batches holding ${r.enLotes} stamps (mean ${(r.enLotes / Math.max(1, r.lotes)).toFixed(1)})` +
      (maquina === null || r.pgCpuMsPerStamp === null
        ? ''
        : `;  PostgreSQL ${r.pgCpuMsPerStamp.toFixed(2)} ms CPU/stamp (all its processes), so ${maquina.toFixed(2)} ms of the machine's CPU per stamp: at most ${((cores * 1000) / maquina).toFixed(0)} stamps/s on ${cores} cores`),
  );
  const missed = [
    r.perSecond >= TARGET.perSecond ? null : `stamps/s ${r.perSecond.toFixed(0)}`,
    r.p99 < TARGET.p99Ms ? null : `p99 ${r.p99.toFixed(1)} ms`,
    r.cpuMsPerStamp <= TARGET.cpuMs ? null : `CPU ${r.cpuMsPerStamp.toFixed(2)} ms`,
  ].filter((x) => x !== null);
  console.log(
    `         TARGET ≥ ${TARGET.perSecond} stamps/s, p99 < ${TARGET.p99Ms} ms, ≤ ${TARGET.cpuMs} ms CPU per stamp at ${r.concurrency} concurrent: ${missed.length === 0 ? 'met' : `not met (${missed.join(', ')})`}`,
  );
}

/** What each phase means, in the order of a stamp. */
const FASES: [string, string][] = [
  ['api.documento', 'API: build the document (amounts + model)'],
  ['api.validacion', 'API: local validation (validateComprobante)'],
  ['sello.cadena', 'API: cadena original'],
  ['sello.xml', 'API: XML serialisation'],
  ['pac.bienFormado', 'PAC: well-formedness check (A1–A2)'],
  ['pac.lectura', 'PAC: XML parse into the model'],
  ['pac.cadena', 'PAC: cadena original + idempotency hash'],
  ['pac.xsd', 'PAC: XSD stage (libxml2 + catalog sets)'],
  ['pac.verificacion', 'PAC: Sello verification (RSA verify)'],
  ['pac.validacion', 'PAC: fiscal rules F–I (validateComprobante)'],
  ['pac.timbre', 'PAC: TFD cadena, element and insertion'],
  ['pac.respuesta', 'PAC: JSON answer'],
  ['db.envio', 'statements handed to the pg driver (sync part)'],
];

/** What one CPU clock read (process.cpuUsage) costs here, µs. */
const costoLectura = (() => {
  const t0 = performance.now();
  for (let i = 0; i < 20_000; i++) process.cpuUsage();
  return ((performance.now() - t0) * 1000) / 20_000;
})();

export function printFases(r: StampingRun) {
  const medidas = new Map(r.porFase);
  let suma = 0;
  console.log(`${r.kind}: where the CPU of a stamp goes (ms per stamp)`);
  for (const [f, texto] of [
    ...FASES,
    ...[...medidas.keys()]
      .filter((k) => !FASES.some(([n]) => n === k))
      .map((k) => [k, k] as [string, string]),
  ]) {
    const ms = medidas.get(f);
    if (ms === undefined) continue;
    suma += ms;
    console.log(`  ${ms.toFixed(3).padStart(7)}  ${f.padEnd(17)} ${texto}`);
  }
  console.log(
    `  ${(r.cpuMsPerStamp - suma).toFixed(3).padStart(7)}  ${'rest'.padEnd(17)} the two RSA signatures (on libuv's thread pool), pg driver reading answers, promises, event loop, GC, I/O`,
  );
  console.log(
    `  ${r.cpuMsPerStamp.toFixed(3).padStart(7)}  ${'total'.padEnd(17)} process CPU per stamp (target ≤ 2 ms)`,
  );
  console.log(
    `  (the measuring itself: ${r.lecturasPorSello.toFixed(0)} CPU clock reads per stamp at ${costoLectura.toFixed(1)} µs ≈ ${((r.lecturasPorSello * costoLectura) / 1000).toFixed(3)} ms, inside the phases and the total)`,
  );
}

/** The XSD stage alone on the run's documents: both paths alternating, median ms per document. */
export function microBenchXsd(documentos: string[]) {
  if (!documentos.length) return;
  for (const x of documentos.slice(0, 5)) {
    const a = validarXsdCompletoSync(x);
    const b = validarXsdSync(x);
    if (a.length || b.length) throw new Error(`XSD: ${a[0] ?? b[0]}`);
  }
  const rondas: Record<'full' | 'relaxed', number[]> = { full: [], relaxed: [] };
  for (let r = 0; r < 5; r++) {
    for (const [nombre, fn] of [
      ['full', validarXsdCompletoSync],
      ['relaxed', validarXsdSync],
    ] as const) {
      const start = performance.now();
      for (const x of documentos) fn(x);
      rondas[nombre].push((performance.now() - start) / documentos.length);
    }
  }
  const mediana = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)] ?? NaN;
  const full = mediana(rondas.full);
  const relaxed = mediana(rondas.relaxed);
  console.log(
    `XSD stage alone (${documentos.length} documents of the run, 5 alternating rounds, median): full schema ${full.toFixed(3)} ms/doc, relaxed + catalog sets ${relaxed.toFixed(3)} ms/doc (${(full / relaxed).toFixed(0)}x); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}
