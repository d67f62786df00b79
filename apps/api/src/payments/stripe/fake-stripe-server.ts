import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server answering the few Stripe API calls the Stripe adapter makes, in Stripe's
 * shapes (form-encoded requests, JSON objects with `object`, lists, errors), for the adapter's tests:
 * the official SDK is pointed at it with its host/port/protocol options. `pay` plays the buyer on
 * Stripe's hosted page.
 */
interface FakeSession {
  id: string;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  payment_intent: string | null;
  card: { brand: string; last4: string; funding: string } | null;
  amount_refunded: number;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  pay(sessionId: string, card: { brand: string; last4: string; funding: string }): FakeSession;
  sessionObject(s: FakeSession, expand?: boolean): Record<string, unknown>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, string>();
  const requests: FakeStripe['requests'] = [];
  let base = '';

  const sessionObject = (s: FakeSession, expand = false): Record<string, unknown> => ({
    id: s.id,
    object: 'checkout.session',
    amount_total: s.amount_total,
    currency: s.currency,
    status: s.status,
    payment_status: s.payment_status,
    metadata: s.metadata,
    expires_at: s.expires_at,
    success_url: s.success_url,
    url: s.status === 'open' ? `${base}/pay/${s.id}` : null,
    payment_intent:
      expand && s.payment_intent
        ? {
            id: s.payment_intent,
            object: 'payment_intent',
            latest_charge: {
              id: `ch_${s.payment_intent.slice(3)}`,
              object: 'charge',
              amount_refunded: s.amount_refunded,
              payment_method_details: { type: 'card', card: s.card },
            },
          }
        : s.payment_intent,
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(json));
      };
      const missing = () =>
        send(404, {
          error: { type: 'invalid_request_error', message: 'No such checkout session' },
        });
      const form = await body(req);
      const path = url.pathname;
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const existing = typeof key === 'string' ? byKey.get(key) : undefined;
        if (existing) return send(200, sessionObject(sessions.get(existing)!));
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const mm = /^metadata\[(.+)\]$/.exec(k);
          if (mm?.[1]) metadata[mm[1]] = v;
        }
        const s: FakeSession = {
          id: id('cs_test'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]') ?? 'mxn',
          status: 'open',
          payment_status: 'unpaid',
          metadata,
          expires_at: Number(form.get('expires_at')),
          success_url: form.get('success_url') ?? '',
          payment_intent: null,
          card: null,
          amount_refunded: 0,
        };
        sessions.set(s.id, s);
        if (typeof key === 'string') byKey.set(key, s.id);
        return send(200, sessionObject(s));
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        const pi = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter((s) => s.payment_intent === pi);
        return send(200, {
          object: 'list',
          data: data.map((s) => sessionObject(s)),
          has_more: false,
          url: '/v1/checkout/sessions',
        });
      }
      if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && req.method === 'POST') {
        const s = sessions.get(m[1] ?? '');
        if (!s) return missing();
        if (s.status === 'open') s.status = 'expired';
        return send(200, sessionObject(s));
      }
      if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const s = sessions.get(m[1] ?? '');
        if (!s) return missing();
        // The SDK sends expand[0]=… (or expand[]=…).
        const expand = [...url.searchParams]
          .filter(([k]) => k.startsWith('expand['))
          .some(([, v]) => v === 'payment_intent.latest_charge');
        return send(200, sessionObject(s, expand));
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const pi = form.get('payment_intent');
        const s = [...sessions.values()].find((x) => x.payment_intent === pi);
        if (!s) return missing();
        const amount = Number(form.get('amount') ?? s.amount_total - s.amount_refunded);
        s.amount_refunded += amount;
        return send(200, {
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: pi,
          status: 'succeeded',
        });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    requests,
    sessionObject,
    pay(sessionId, card) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`fake stripe: session ${sessionId} not open`);
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi'),
        card,
      });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
