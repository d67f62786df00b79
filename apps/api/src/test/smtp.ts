import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../email/mailer.ts';

export interface ReceivedMail {
  to: string[];
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the HTML part, in order. */
  links: string[];
  attachments: ReceivedAttachment[];
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** A mailer of the app's own kind (nodemailer over SMTP) pointed at this server. */
  mailer: Mailer;
  /** Every message received so far. */
  received: ReceivedMail[];
  /** Waits for the next message to `address` not taken before, and takes it. */
  takeMail(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** How many messages to `address` are waiting to be taken. */
  pending(address: string): number;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/**
 * A real SMTP server on a random localhost port; received mail is parsed with mailparser, attachments
 * included.
 */
export async function startSmtpServer(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          received.push({
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            replyTo: addresses(parsed.replyTo)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html,
            links: [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) =>
              (m[1] ?? '').replaceAll('&amp;', '&'),
            ),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const mailer = createMailer(
    { SMTP_URL: url, MAIL_FROM: 'Facturación CFDI <no-reply@example.com>', DATA_DIR: '' },
    pino({ level: 'silent' }),
  );
  const next = (address: string) =>
    received.find((m) => !taken.has(m) && m.to.includes(address.toLowerCase()));
  return {
    url,
    mailer,
    received,
    async takeMail(address, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = next(address);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline)
          throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    pending(address) {
      return received.filter((m) => !taken.has(m) && m.to.includes(address.toLowerCase())).length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
