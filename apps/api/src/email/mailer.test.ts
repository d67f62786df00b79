import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { registrationVerificationEmail } from './templates/registration-verification-email.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mailer without SMTP_URL', () => {
  it('writes the message as an .eml file under DATA_DIR/outbox and logs its links', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const lines: Record<string, unknown>[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    const mailer = createMailer(
      { SMTP_URL: '', MAIL_FROM: 'App <no-reply@example.com>', DATA_DIR: dir },
      log,
    );
    const link = 'http://localhost:3000/bienvenido/abc?email_verification_token=xyz';
    await mailer.send({
      to: 'ana@example.com',
      ...registrationVerificationEmail({ name: 'Ana', link }),
    });

    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(join(dir, 'outbox', files[0] ?? '')));
    expect(parsed.subject).toBe('Confirme su correo electrónico');
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(lines).toContainEqual(expect.objectContaining({ links: [link], to: 'ana@example.com' }));
  });
});
