/**
 * The in-process timings of bench-catalogos.ts (variants alternating query by query, the slow
 * answers explained), and what an uncached search costs whatever the machine's load: CPU time per query (process.cpuUsage
 * over whole passes, the variants alternating pass by pass) and bytes allocated per query (heap
 * growth over one pass of a type right after a full collection, so only with --expose-gc; a pass
 * during which a collection ran is not counted). Allocation matters for the tail: every few MB of
 * garbage is a young-generation collection, and the query it lands in is the slow one.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { BenchQuery, QueryType } from './queries.ts';

/** An in-process answer slower than this is counted and explained under the table. */
const SLOW_MS = 0.1;

/** Garbage collections of this process, as [start, end] in performance.now() ms. */
const gcSpans: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcSpans.push([e.startTime, e.startTime + e.duration]);
}).observe({ entryTypes: ['gc'] });

/**
 * Several variants of the same store, alternating query by query (the order turned every
 * repetition), so that the machine's load falls on all of them alike. With --expose-gc a full
 * collection first: the garbage of building the indexes and comparing their answers is not the
 * searches'. Prints, per variant, how many answers took over SLOW_MS and how many of those had a
 * garbage collection inside.
 */
export async function measureAlternating(
  variants: { name: string; run: (q: BenchQuery) => unknown; before?: (q: BenchQuery) => void }[],
  repeat: number,
  queries: BenchQuery[],
  types: QueryType[],
  record: (name: string, timings: Map<QueryType, number[]>) => void,
  notes: string[],
) {
  const timings = variants.map(() => new Map<QueryType, number[]>(types.map((t) => [t, []])));
  const slow = variants.map(() => [] as [number, number, string][]);
  for (const v of variants) for (const q of queries) await v.run(q);
  globalThis.gc?.();
  const begin = performance.now();
  for (let r = 0; r < repeat; r++) {
    for (const q of queries) {
      for (let j = 0; j < variants.length; j++) {
        const k = r % 2 === 0 ? j : variants.length - 1 - j;
        const v = variants[k]!;
        v.before?.(q);
        const t0 = performance.now();
        await v.run(q);
        const t1 = performance.now();
        timings[k]!.get(q.type)?.push(t1 - t0);
        if (t1 - t0 > SLOW_MS) slow[k]!.push([t0, t1, `${q.q} ${(t1 - t0).toFixed(2)}`]);
      }
    }
  }
  const end = performance.now();
  await new Promise((done) => setTimeout(done, 50)); // the observer's last entries
  const gcs = gcSpans.filter(([a]) => a >= begin && a < end);
  notes.push(
    `  GCs during the timed passes: ${gcs.length} (max ${Math.max(0, ...gcs.map(([a, b]) => b - a)).toFixed(2)} ms)`,
  );
  variants.forEach((v, k) => {
    record(v.name, timings[k]!);
    const withGc = slow[k]!.filter(([a, b]) => gcs.some(([c, d]) => c < b && d > a)).length;
    const shown = slow[k]!.slice(0, 12).map((x) => x[2]);
    if (slow[k]!.length > shown.length) shown.push('…');
    notes.push(
      `  ${v.name}: ${slow[k]!.length} of ${queries.length * repeat} answers over ${SLOW_MS} ms, ${withGc} of them with a GC inside (${shown.join(', ')})`,
    );
  });
}

export interface CostVariant {
  name: string;
  run: (q: BenchQuery) => unknown;
  before: (q: BenchQuery) => void;
}

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Lines to print: per variant, CPU µs and allocated bytes per query of each type. */
export function inProcessCost(
  variants: CostVariant[],
  queries: BenchQuery[],
  types: QueryType[],
  passes = 40,
): string[] {
  const cpu = variants.map(() => new Map<QueryType, number>(types.map((t) => [t, 0])));
  const byType = new Map(types.map((t) => [t, queries.filter((q) => q.type === t)]));
  for (let p = 0; p < passes; p++) {
    for (let j = 0; j < variants.length; j++) {
      const k = p % 2 === 0 ? j : variants.length - 1 - j;
      const v = variants[k]!;
      for (const t of types) {
        const c0 = cpuUs();
        for (const q of byType.get(t)!) {
          v.before(q);
          v.run(q);
        }
        cpu[k]!.set(t, cpu[k]!.get(t)! + cpuUs() - c0);
      }
    }
  }
  const bytes = variants.map(() => new Map<QueryType, number[]>(types.map((t) => [t, []])));
  const gc = globalThis.gc;
  if (gc) {
    for (let p = 0; p < 10; p++) {
      variants.forEach((v, k) => {
        for (const t of types) {
          gc();
          const h0 = process.memoryUsage().heapUsed;
          for (const q of byType.get(t)!) {
            v.before(q);
            v.run(q);
          }
          const grown = process.memoryUsage().heapUsed - h0;
          // A pass with a collection inside shrinks the heap: the median of ten passes leaves it out.
          if (grown > 0) bytes[k]!.get(t)!.push(grown / byType.get(t)!.length);
        }
      });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return variants.map((v, k) => {
    const cells = types.map((t) => {
      const us = cpu[k]!.get(t)! / passes / byType.get(t)!.length;
      const b = median(bytes[k]!.get(t)!);
      return `${t} ${us.toFixed(1)} µs${b === undefined ? '' : ` ${(b / 1024).toFixed(1)} KB`}`;
    });
    return `  ${v.name}: ${cells.join(', ')}`;
  });
}
