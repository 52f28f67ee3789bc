// Without SMTP_URL, e-mails are written as .eml files into MAIL_DIR (by default `mail/` beside the
// SQLite database): `npm start` sends with no mail server, and the files open in any mail client.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { describeEachDb } from '../../helpers/harness.js';
import { salesClient, simpleLine } from '../../helpers/sales.js';

const dir = mkdtempSync(join(tmpdir(), 'facturier-eml-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('defaults MAIL_DIR to mail/ beside the SQLite database, ./data/mail otherwise', () => {
  expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/facturier/facturier.db' }).mailDir).toBe('/srv/facturier/mail');
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).mailDir).toBe('data/mail');
  expect(loadConfig({ MAIL_DIR: '/var/mail/out' }).mailDir).toBe('/var/mail/out');
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.fr' })).toThrow(/SMTP_URL must start with smtp/);
  expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  expect(loadConfig({}).webhookAllowPrivate).toBe(false);
  expect(() => loadConfig({ OUTBOX_LEASE_SECONDS: '5', WEBHOOK_TIMEOUT_MS: '5000' })).toThrow(/shorter than OUTBOX_LEASE_SECONDS/);
});

describeEachDb(
  'e-mails as .eml files',
  (ctx) => {
    it('writes the message, with its PDF, to a file in MAIL_DIR', async () => {
      const a = await ctx.newAccount();
      const sales = salesClient(ctx, a);
      const customerId = await sales.customer({ email: 'client@example.fr' });
      const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });
      const before = readdirSync(dir).length;
      const res = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/send/${invoice.id}`, headers: a.headers });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.outbox.drain();
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(before + 1);
      const mail = await simpleParser(readFileSync(join(dir, files.sort().at(-1)!)));
      expect(mail.to).toMatchObject({ text: 'client@example.fr' });
      expect(mail.from?.value).toEqual([{ name: 'Facturier', address: 'facturier@localhost' }]);
      expect(mail.subject).toContain(invoice.number);
      const pdf = (await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${invoice.id}`, headers: a.headers })).rawPayload;
      expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
      expect((await sales.get('Invoice', invoice.id)).json().sentAt).not.toBeNull();
    });
  },
  { MAIL_DIR: dir },
);
