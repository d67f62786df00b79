/**
 * What bench/http prints: each figure beside its target (issue 26), the machine's load, and the
 * credits and folios checked exact after the runs.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Db } from '../../apps/api/src/db/client.ts';
import { consulta } from '../../apps/api/src/db/consulta.ts';
import { getBalance } from '../../apps/api/src/modules/credits/credits.service.ts';
import type { StampingRun } from '../stamping/report.ts';
import type { Medida } from './load.ts';

export type EnProceso = StampingRun;

/** Issue 26's targets for a stamp over HTTP, against the in-process stamp of the same run. */
const TARGET = { cpu: 1.5, roundTrips: 4, throughput: 0.7, p99: 2, twoProcesses: 1.6 };

export const carga = () =>
  `${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const f = (n: number | null, d = 1) => (n === null || !Number.isFinite(n) ? 'n/a' : n.toFixed(d));
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

function line(label: string, m: Medida) {
  console.log(
    `${label.padEnd(30)} ${f(m.perSecond).padStart(7)} req/s  p50 ${f(m.p50)} ms  p99 ${f(m.p99)} ms  ` +
      `API CPU ${f(m.apiCpuMs, 2)} ms  PostgreSQL CPU ${f(m.pgCpuMs, 2)} ms  ` +
      `${f(m.statements, 2)} statements  ${f(m.transactions, 2)} transactions  per request  (${m.requests} requests)`,
  );
}

export function printStamps(r: {
  inProcess: EnProceso | null;
  one: Medida;
  two: Medida;
  cores: number;
  concurrency: number;
}) {
  const { inProcess: ip, one, two } = r;
  console.log(`\nstamping at ${r.concurrency} concurrent — ${carga()}`);
  if (ip) {
    console.log(
      `${'in process (bench/stamping)'.padEnd(30)} ${f(ip.perSecond).padStart(7)} stamps/s  p50 ${f(ip.p50)} ms  p99 ${f(ip.p99)} ms  ` +
        `CPU ${f(ip.cpuMsPerStamp, 2)} ms  PostgreSQL CPU ${f(ip.pgCpuMsPerStamp, 2)} ms  ${f(ip.queriesPerStamp, 2)} statements  per stamp`,
    );
  }
  line('HTTP, 1 API process', one);
  line('HTTP, 2 API processes', two);
  const targets: [string, string, boolean | null][] = [];
  if (ip) {
    targets.push(
      [
        'API CPU per stamp ≤ 1.5× in process',
        `${f(one.apiCpuMs, 2)} vs ${f(ip.cpuMsPerStamp * TARGET.cpu, 2)} ms`,
        one.apiCpuMs <= ip.cpuMsPerStamp * TARGET.cpu,
      ],
      [
        'PostgreSQL CPU per stamp ≤ 1.5× in process',
        `${f(one.pgCpuMs, 2)} vs ${f((ip.pgCpuMsPerStamp ?? NaN) * TARGET.cpu, 2)} ms`,
        one.pgCpuMs === null || ip.pgCpuMsPerStamp === null
          ? null
          : one.pgCpuMs <= ip.pgCpuMsPerStamp * TARGET.cpu,
      ],
      [
        'stamps/s ≥ 0.7× in process',
        `${f(one.perSecond)} vs ${f(ip.perSecond * TARGET.throughput)}`,
        one.perSecond >= ip.perSecond * TARGET.throughput,
      ],
      [
        'p99 < 2× in process',
        `${f(one.p99)} vs ${f(ip.p99 * TARGET.p99)} ms`,
        one.p99 < ip.p99 * TARGET.p99,
      ],
    );
  }
  targets.push(
    [
      'database round trips per stamp ≤ 4',
      `${f(one.statements, 2)} (2 processes: ${f(two.statements, 2)})`,
      one.statements <= TARGET.roundTrips,
    ],
    [
      `2 processes ≥ 1.6× one (${r.cores} cores for 2 processes + PostgreSQL + this client)`,
      `${f(two.perSecond / one.perSecond, 2)}×`,
      r.cores >= 4 ? two.perSecond >= one.perSecond * TARGET.twoProcesses : null,
    ],
  );
  for (const [what, figure, ok] of targets) {
    console.log(
      `  TARGET ${what}: ${figure} — ${ok === null ? 'not judged (cores do not allow it / not measurable)' : mark(ok)}`,
    );
  }
}

export function printHot(label: string, m: Medida) {
  line(label, m);
}

/** Every credit spent once per stamp, folios 1…n each once, nothing left sealed without answer. */
export async function revisarCreditosYFolios(
  db: Db,
  enterpriseId: number,
  expected: { credits: number; stamped: number },
) {
  const balance = await getBalance(db, enterpriseId);
  const [row] = await consulta<{
    n: string;
    distintos: string;
    min: number;
    max: number;
    selladas: string;
  }>(
    db,
    `select count(*) filter (where status = 'timbrada') as n,
            count(distinct folio) filter (where status = 'timbrada') as distintos,
            min(folio) filter (where status = 'timbrada') as min,
            max(folio) filter (where status = 'timbrada') as max,
            count(*) filter (where status = 'sellada') as selladas
       from comprobantes where enterprise_id = $1`,
    [enterpriseId],
  );
  const n = Number(row?.n);
  const okCredits = balance === expected.credits - expected.stamped;
  const okFolios =
    n === expected.stamped &&
    Number(row?.distintos) === n &&
    Number(row?.min) === 1 &&
    Number(row?.max) === n &&
    Number(row?.selladas) === 0;
  console.log(
    `  CHECK credits: ${balance} left of ${expected.credits} after ${expected.stamped} stamps — ${okCredits ? 'exact' : 'WRONG'}; ` +
      `folios: ${n} stamped, ${row?.distintos} distinct, ${row?.min}…${row?.max}, ${row?.selladas} sealed without answer — ${okFolios ? 'exact' : 'WRONG'}`,
  );
  if (!okCredits || !okFolios) process.exitCode = 1;
}
