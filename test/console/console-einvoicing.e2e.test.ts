// The e-invoicing platform in the console (issue #26), in Debian's chromium against the app and the
// sandbox PA on loopback, on each database: the connection set in the settings (token write-only) and
// tested; a finalized invoice's transmission, status and timeline on its page, the platform status
// column and the Processed filter of the list; a supplier invoice received through the platform
// answered from the "Factures reçues" page (dispute with a reason), the answer in its timeline.
// axe-core on each page.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../helpers/platform.js';
import { salesClient } from '../helpers/sales.js';
import { describeConsole, expectAccessible, SHOTS } from './browser.js';

let pa: RunningSandbox;
beforeAll(async () => {
  pa = await startSandbox();
});
afterAll(() => pa?.close());

describeConsole(
  'web console in a browser: the plateforme agréée',
  { user: 'pa', buildOptions: () => ({ delivery: { platformFetch: (...args: Parameters<typeof fetch>) => pa.fetch(...args) } }) },
  (web) => {
    const { ctx } = web;
    const token = `tok-console-${ctx.dialect}-${Date.now()}`;
    let invoice: { id: number; number: string };

    async function shot(name: string) {
      if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    }
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<Record<string, unknown>>();
    };

    beforeAll(async () => {
      expect((await pa.control(token, 'PUT', '/sandbox/behaviour', { useCase: 'UC1' })).status).toBe(200);
    }, 120_000);

    it('sets the connection in the settings, keeps the token write-only, and tests it', async () => {
      await web.page.goto(`${web.base}/console/#/settings`);
      const form = web.page.getByTestId('platform-settings');
      await form.waitFor();
      await form.getByLabel('URL du Flow Service').fill('pas une adresse');
      await form.getByLabel('Jeton d’accès').fill(token);
      await form.getByRole('button', { name: 'Enregistrer la connexion' }).click();
      // The API's refusal shows beside its field.
      const flowField = form.locator('.field', { has: web.page.getByLabel('URL du Flow Service', { exact: true }) });
      await expect.poll(async () => (await flowField.locator('.field-error').allTextContents()).join(' ')).toMatch(/Flow Service base URL/);
      await form.getByLabel('URL du Flow Service').fill(pa.flowServiceUrl);
      await form.getByLabel('URL du Directory Service').fill(pa.directoryServiceUrl);
      await form.getByRole('button', { name: 'Enregistrer la connexion' }).click();
      await form.getByText('Un jeton est enregistré : laissez vide pour le garder.').waitFor();
      expect(await form.getByLabel('Jeton d’accès').inputValue()).toBe('');
      const stored = (await call('GET', '/v1/settings')).einvoicing as { platform: Record<string, unknown> };
      expect(stored.platform).toEqual({ flowServiceUrl: pa.flowServiceUrl, directoryServiceUrl: pa.directoryServiceUrl, hasToken: true });
      await form.getByRole('button', { name: 'Tester la connexion' }).click();
      const health = form.getByTestId('platform-health');
      await health.waitFor();
      expect(await health.locator('li').allTextContents()).toEqual([
        'URL du Flow Service : Connexion réussie',
        'URL du Directory Service : Connexion réussie',
      ]);
      const webhookUrl = (await call('GET', '/v1/einvoicing/platform/healthcheck')).webhookUrl as string;
      // The same key; the browser's host (the console's origin) instead of inject's.
      expect(await form.getByTestId('platform-webhook-url').textContent()).toBe(`${web.base}${new URL(webhookUrl).pathname}`);
      // The main form still saves after the platform's own save (its ETag followed).
      await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await expect.poll(() => web.page.locator('.notice').first().textContent()).toBe('Paramètres enregistrés');
      await expectAccessible(web.page, 'settings with the platform');
      await shot('settings-platform');
    });

    it("shows a transmitted invoice's status, next step and timeline; the list's platform column and Processed filter", async () => {
      await call('PUT', '/v1/settings', {
        company: {
          name: 'Atelier Lumière SAS',
          siret: '12345678200010',
          vatNumber: 'FR11123456782',
          invoicingAddress: { street: '1 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'FR' },
        },
      });
      const api = salesClient(ctx, web.account);
      const customerId = await api.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });
      const doc = await api.finalized('Invoice', {
        customerId,
        lines: [{ type: 'Service', description: 'Conseil', quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } }],
      });
      invoice = { id: doc.id, number: doc.number! };
      await ctx.app.outbox.drain();
      await call('POST', '/v1/einvoicing/sync');

      await web.page.goto(`${web.base}/console/#/invoices/${invoice.id}`);
      const panel = web.page.getByTestId('einvoicing-panel');
      await panel.waitFor();
      expect(await panel.getByTestId('transmission').textContent()).toBe('Transmise à la plateforme');
      expect(await panel.getByTestId('einvoicing-status').textContent()).toBe('211 Paiement transmis');
      const rows = await panel.locator('tbody tr td:first-child').allTextContents();
      expect(rows).toEqual([
        '200 Déposée',
        '202 Reçue',
        '203 Mise à disposition',
        '204 Prise en charge',
        '205 Approuvée',
        '211 Paiement transmis',
      ]);
      expect(await panel.getByRole('button', { name: 'Transmettre maintenant' }).count()).toBe(0);
      await expectAccessible(web.page, 'invoice with its e-invoicing timeline');
      await shot('invoice-einvoicing');

      await web.page.goto(`${web.base}/console/#/invoices`);
      await web.page.getByTestId('platform-status').first().waitFor();
      expect(await web.page.getByTestId('platform-status').first().textContent()).toBe('211 Paiement transmis');
      await web.page.getByRole('link', { name: 'Traitées' }).click();
      await web.page.getByText('Rien à afficher.').or(web.page.getByRole('table')).first().waitFor();
      await expect.poll(() => web.page.getByRole('link', { name: invoice.number }).count()).toBe(0);

      // Paid: 212 Encaissée goes out, the invoice is processed and appears under the filter.
      await call('POST', '/v1/receipts', {
        amount: 1200,
        date: '2026-09-20',
        paymentMethod: 'Transfer',
        links: [{ type: 'Invoice', id: invoice.id }],
      });
      await ctx.app.outbox.drain();
      await web.page.reload();
      await web.page.getByRole('link', { name: invoice.number }).waitFor();
      expect(await web.page.getByTestId('platform-status').first().textContent()).toBe('212 Encaissée');

      // The platform-status filter (EInvoicingStatus): the paid invoice is under "Paiement transmis ou encaissées", not "À corriger".
      await web.page.goto(`${web.base}/console/#/invoices`);
      const platformFilter = web.page.getByLabel('Statut plateforme');
      await platformFilter.selectOption({ label: 'À corriger (rejetées, refusées)' });
      await expect.poll(() => web.page.url()).toContain('einvoicing=210%2C213');
      await web.page.getByText('Rien à afficher.').waitFor();
      await platformFilter.selectOption({ label: 'Paiement transmis ou encaissées' });
      await web.page.getByRole('link', { name: invoice.number }).waitFor();
      expect(await web.page.getByTestId('platform-status').allTextContents()).toEqual(['212 Encaissée']);
      await expectAccessible(web.page, 'invoices filtered by platform status');
    });

    it('answers a supplier invoice received through the platform: dispute with a reason, seen in its timeline', async () => {
      await pa.control(token, 'POST', '/sandbox/supplier-invoices', {
        count: 1,
        buyer: { siren: '123456782', name: 'Atelier Lumière SAS' },
      });
      await call('POST', '/v1/einvoicing/sync');
      const [received] = (await ctx.inject({ method: 'GET', url: '/v1/purchaseinvoices', headers: web.account.headers })).json<
        { id: number; reference: string }[]
      >();
      await web.page.goto(`${web.base}/console/#/received`);
      await web.page.getByRole('heading', { name: 'Factures reçues' }).waitFor();
      await expectAccessible(web.page, 'received invoices');
      await web.page.getByRole('link', { name: received.reference }).click();
      await web.page.getByRole('heading', { name: `Facture reçue ${received.reference}` }).waitFor();
      await web.page.getByRole('button', { name: 'Mettre en litige' }).click();
      const dialog = web.page.getByRole('dialog');
      await dialog.getByLabel('Code motif').selectOption('QTE_ERR');
      await dialog.getByLabel('Motif', { exact: true }).fill('Quantité livrée : 8');
      await dialog.getByRole('button', { name: 'Envoyer' }).click();
      await web.page.getByTestId('einvoicing-timeline').waitFor();
      const last = web.page.getByTestId('einvoicing-timeline').locator('tbody tr').last();
      expect(await last.locator('td').first().textContent()).toBe('207 En litige');
      expect(await last.locator('td').nth(2).textContent()).toBe('Acheteur');
      expect(await last.locator('td').nth(3).textContent()).toBe('QTE_ERR — Quantité livrée : 8');
      const timeline = (
        await ctx.inject({ method: 'GET', url: `/v1/purchaseinvoices/einvoicingstatuses/${received.id}`, headers: web.account.headers })
      ).json<{ code: string; reasonCode: string | null }[]>();
      expect(timeline.at(-1)).toMatchObject({ code: '207', reasonCode: 'QTE_ERR' });
      await expectAccessible(web.page, 'received invoice answered');
      await shot('received-invoice');
    });
  },
);
