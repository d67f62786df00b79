import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the help-center form replies to the user who asked). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Links the message carries, printed in the log when mail goes to the outbox. */
  links?: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<{ messageId: string }>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export function createMailer(
  cfg: { SMTP_URL: string; MAIL_FROM: string; DATA_DIR: string },
  log: FastifyBaseLogger,
): Mailer {
  if (cfg.SMTP_URL) {
    const transport = nodemailer.createTransport(cfg.SMTP_URL);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: cfg.MAIL_FROM, ...withoutLinks(mail) });
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = join(cfg.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: cfg.MAIL_FROM, ...withoutLinks(mail) });
      mkdirSync(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, file, links: mail.links ?? [] },
        'e-mail written to the outbox',
      );
      return { messageId: info.messageId };
    },
  };
}

function withoutLinks(mail: Mail): Omit<Mail, 'links'> {
  const { links: _links, ...rest } = mail;
  return rest;
}
