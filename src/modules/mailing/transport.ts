// Where e-mails go: an SMTP server (SMTP_URL, through nodemailer), or by default .eml files in
// MAIL_DIR, so that a fresh install sends (to disk) with no mail server.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Config } from '../../config.js';

export interface MailTransport {
  /** Resolves with the Message-ID once the server (or the disk) has accepted the message. */
  send(message: Mail.Options): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'mailDir'>): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await smtp.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => {
        smtp.close();
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await stream.sendMail(message);
      await mkdir(config.mailDir, { recursive: true });
      const file = join(config.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
    close: () => {
      stream.close();
    },
  };
}

/** An SMTP failure that retrying will not fix: the server answered 5xx (unknown recipient, refused content). */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
