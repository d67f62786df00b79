/**
 * A month of sales in one global invoice, end to end through the real API (app.inject, PGlite, the
 * sandbox PAC, the real SAT catalogs): POST /facturacion/V40/facturas-globales with N sales (default
 * 5,000, mixed tax groups: IVA 16 %, 0 %, exento, IEPS 8 % + IVA, not object) from the request to
 * the stamped XML stored, then GET .../get-invoice-pdf (the representación impresa of the N
 * conceptos). Prints, per run, the time of each and the process's memory (peak RSS sampled every
 * 20 ms, heap after), plus the sizes (request JSON, XML, PDF and its pages).
 *
 *   node --import tsx bench/globales/bench-globales.ts [--sales 5000] [--runs 3] [--out DIR]
 *
 * --out writes the last run's XML and PDF there (to look at them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { availableParallelism, loadavg } from 'node:os';
import {
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
  ventas,
} from '../../apps/api/src/modules/facturas-globales/facturas-globales.test-support.ts';

const { values } = parseArgs({
  options: {
    sales: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const SALES = Number(values.sales);
const RUNS = Number(values.runs);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

// Each run stamps January's global of its own shop on 1 February 2026, 10:00 (Tiempo del Centro).
const clock = reloj('2026-02-01T16:00:00Z');
const t = await appConReloj(clock);
console.log(
  `bench/globales: ${SALES} sales per global, ${RUNS} runs, ${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);

for (let run = 0; run <= RUNS; run++) {
  const e = await seedTienda(t, clock, { credits: 1 });
  const body = solicitud(e, {
    partidas: ventas(e, SALES),
    idempotency_key: `bench-${run}-${Date.now()}`,
  });
  const json = JSON.stringify(body);
  peak = process.memoryUsage().rss;
  const t0 = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/facturacion/V40/facturas-globales',
    headers: { ...e.headers, 'content-type': 'application/json' },
    payload: json,
  });
  const stampMs = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`stamp: ${res.statusCode} ${res.body.slice(0, 500)}`);
  const id = res.json().data.id as number;
  const peakStamp = peak;
  const xml = await t.app.inject({
    method: 'GET',
    url: `/api/comprobantes/v40/${id}/get-invoice-xml`,
    headers: e.headers,
  });
  peak = process.memoryUsage().rss;
  const t1 = performance.now();
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/comprobantes/v40/${id}/get-invoice-pdf`,
    headers: e.headers,
  });
  const pdfMs = performance.now() - t1;
  if (pdf.statusCode !== 200) throw new Error(`pdf: ${pdf.statusCode} ${pdf.body.slice(0, 300)}`);
  const pages = (pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const line = `${run === 0 ? 'warm-up' : `run ${run}`}: request→stamped XML ${stampMs.toFixed(0)} ms (peak RSS ${mb(peakStamp)}), PDF ${pdfMs.toFixed(0)} ms (peak RSS ${mb(peak)}), heap after ${mb(process.memoryUsage().heapUsed)}; request ${mb(json.length)}, XML ${mb(xml.rawPayload.length)}, PDF ${mb(pdf.rawPayload.length)} in ${pages} pages`;
  console.log(line);
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(join(values.out, 'global.xml'), xml.rawPayload);
    writeFileSync(join(values.out, 'global.pdf'), pdf.rawPayload);
  }
}
clearInterval(sampler);
await t.cerrar();
