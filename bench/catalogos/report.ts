/** The end of bench-catalogos.ts's output: p50 / p99 per store and query type, and issue 16's targets. */
import type { BenchQuery, QueryType } from './queries.ts';

export type StoreResult = { name: string; timings: Map<QueryType, number[]> };

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function printTable(results: StoreResult[], queries: BenchQuery[], types: QueryType[]) {
  console.log(
    `\n${queries.length} queries (${types.map((t) => `${t} ${queries.filter((q) => q.type === t).length}`).join(', ')})`,
  );
  console.log('p50 / p99 in ms per query type\n');
  const header = ['store', ...types]
    .map((h, i) => (i === 0 ? h.padEnd(42) : h.padStart(16)))
    .join('');
  console.log(header);
  for (const { name, timings } of results) {
    const cells = types.map((t) => {
      const s = [...(timings.get(t) ?? [])].sort((a, b) => a - b);
      const f = (n: number) => (n < 0.1 ? n.toFixed(4) : n < 10 ? n.toFixed(3) : n.toFixed(1));
      return `${f(pct(s, 50))} / ${f(pct(s, 99))}`.padStart(16);
    });
    console.log(name.padEnd(42) + cells.join(''));
  }
}

// Issue 16's targets, beside the figures: every query type's p99 under 0.1 ms in process uncached
// and under 2 ms over HTTP.
const TARGETS: Array<[store: string, p99Ms: number]> = [
  ['in-process, uncached', 0.1],
  ['HTTP, client in another process', 2],
  ['HTTP, client in this process', 2],
];

export function printTargets(results: StoreResult[], types: QueryType[]) {
  console.log('');
  for (const [store, target] of TARGETS) {
    const timings = results.find((r) => r.name === store)?.timings;
    if (!timings) continue;
    const over = types.filter(
      (t) =>
        pct(
          [...(timings.get(t) ?? [])].sort((a, b) => a - b),
          99,
        ) >= target,
    );
    console.log(
      `TARGET ${store}: p99 < ${target} ms for every query type — ${over.length === 0 ? 'met' : `not met for ${over.join(', ')}`}`,
    );
  }
}
