/**
 * The machine's floor for the HTTP phase of bench-catalogos.ts: a bare `node:http` server in the
 * same process, asked by the same client over its own kept-alive connection, alternating with the
 * catalog server(s) query by query. It reads and parses the JSON body and answers a fixed page,
 * compressed once at start, with no work per request: whatever its requests take is the round
 * trip between two processes on this machine (the client's wake-up, the server's wake-up, the
 * loopback), which no server code can go under.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';

/** About the size of a catalog page (ten products); answers over 1 KB leave compressed. */
const PAGE = JSON.stringify({
  data: Array.from({ length: 10 }, (_, i) => ({
    clave: String(43211500 + i),
    descripcion: `Computadoras y equipo de cómputo, modelo ${i}`,
    incluirIva: 'Opcional',
    incluirIeps: 'Opcional',
  })),
  total: 10,
});
const BODY = brotliCompressSync(PAGE);

export interface FloorServer {
  address: string;
  /** The server's part of each request, absolute [start, end] (request → response finished). */
  spans: [number, number][];
  close(): Promise<void>;
}

export async function floorServer(abs: () => number): Promise<FloorServer> {
  const spans: [number, number][] = [];
  const server = createServer((req, res) => {
    const start = abs();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'br',
        'content-length': BODY.length,
      });
      res.end(BODY, () => spans.push([start, abs()]));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
