// E-reporting in the console (issue #28), in Debian's chromium against the app and the sandbox PA on
// loopback, on each database: the calendar with a late deadline in red, a period's totals and
// "what the tax office sees" beside the books (a document not yet reported listed as a difference),
// one click to send the report, its status after; a period with a blocking point says what to fix
// and offers no sending. axe-core on each page.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../helpers/platform.js';
import { salesClient } from '../helpers/sales.js';
import { describeConsole, expectAccessible, NBSP, SHOTS } from './browser.js';

let pa: RunningSandbox;
beforeAll(async () => {
  pa = await startSandbox();
});
afterAll(() => pa?.close());

describeConsole(
  'web console in a browser: e-reporting',
  { user: 'ereporting', buildOptions: () => ({ delivery: { platformFetch: (...args: Parameters<typeof fetch>) => pa.fetch(...args) } }) },
  (web) => {
    const { ctx } = web;
    const token = `tok-ereporting-${ctx.dialect}-${Date.now()}`;
    const text = async (selector: string) => ((await web.page.locator(selector).first().textContent()) ?? '').replaceAll(NBSP, ' ');

    beforeAll(async () => {
      const settings = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: web.account.headers,
        payload: {
          company: {
            siret: '12345678200010',
            vatNumber: 'FR11123456782',
            invoicingAddress: { street: '1 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'FR' },
          },
          einvoicing: {
            platform: { flowServiceUrl: pa.flowServiceUrl, directoryServiceUrl: pa.directoryServiceUrl, token },
            ereporting: { vatRegime: 'NormalMonthly', platformRegistrationNumber: '9999' },
          },
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const api = salesClient(ctx, web.account);
      const jeanne = await api.customer({ type: 'Consumer', companyName: null, firstName: 'Jeanne', lastName: 'Martin' });
      await api.finalized('Invoice', {
        customerId: jeanne,
        date: '2026-10-02',
        lines: [{ type: 'Product', description: 'Lampe', quantity: 1, taxExcludedPrice: 100, vat: { rate: 20 } }],
      });
      // A business customer without a country: the period of 12 October cannot be reported as it is.
      const nowhere = await api.customer({
        companyName: 'Sans Pays SARL',
        billingAddress: { street: '1 rue', zipcode: '00000', city: 'Ici', countryIso: null },
      });
      await api.finalized('Invoice', {
        customerId: nowhere,
        date: '2026-10-12',
        lines: [{ type: 'Service', description: 'Conseil', quantity: 1, taxExcludedPrice: 200, vat: { rate: 20 } }],
      });
      await ctx.app.outbox.drain();
    }, 120_000);

    it('lists the calendar with the late deadline in red, compares with the books, and sends the report in one click', async () => {
      await web.page.goto(`${web.base}/console/#/ereporting`);
      const calendar = web.page.getByTestId('ereporting-calendar');
      await calendar.waitFor();
      const row = calendar.getByRole('row', { name: /02\/10\/2026|01\/10\/2026 – 10\/10\/2026/ }).filter({ hasText: 'Ventes' });
      await expect.poll(() => row.count()).toBe(1);
      const deadline = row.locator('td.late');
      expect(await deadline.textContent()).toBe('20/10/2026 · en retard');
      expect(await deadline.evaluate((e) => e.ownerDocument.defaultView?.getComputedStyle(e).color)).toBe('rgb(179, 38, 30)');
      await expectAccessible(web.page, 'e-reporting calendar');
      if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'ereporting.png'), fullPage: true });

      await row.getByRole('link').click();
      await web.page.getByRole('heading', { name: 'Ventes · 01/10/2026 – 10/10/2026' }).waitFor();
      expect(await text('[data-testid=report-status]')).toBe('À déposer');
      const comparison = web.page.getByTestId('comparison');
      // The books hold the consumer's sale; nothing told yet: one difference, the invoice, 100.00 HT.
      expect(await comparison.locator('table').first().locator('tbody').textContent()).toContain('100,00 €');
      await expect.poll(async () => (await web.page.getByTestId('differences').locator('tbody tr').count()) >= 1).toBe(true);
      await web.page.getByRole('button', { name: 'Envoyer la déclaration' }).click();
      await expect.poll(() => text('[data-testid=report-status]')).not.toBe('À déposer');
      await ctx.app.outbox.drain();
      await web.page.reload();
      await web.page.getByTestId('reports').waitFor();
      expect(await text('[data-testid=reports]')).toMatch(/^Déclaration initiale · (Transmise à la plateforme|En attente de transmission)/);
      const period = (
        await ctx.inject({ method: 'GET', url: '/v1/ereporting/periods/S-20261001-20261010', headers: web.account.headers })
      ).json<{ status: string; reports: unknown[] }>();
      expect(period.reports).toHaveLength(1);
      expect(['Queued', 'Sent', 'Accepted']).toContain(period.status);
      await expectAccessible(web.page, 'e-reporting period sent');
      if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'ereporting-period.png'), fullPage: true });
    });

    it('a period with a blocking point says what to fix and offers no sending', async () => {
      await web.page.goto(`${web.base}/console/#/ereporting/S-20261011-20261020`);
      const blocking = web.page.getByTestId('blocking');
      await blocking.waitFor();
      expect(await blocking.textContent()).toContain('À corriger avant l’envoi');
      expect(await web.page.getByRole('button', { name: 'Envoyer la déclaration' }).count()).toBe(0);
      const api = (
        await ctx.inject({ method: 'GET', url: '/v1/ereporting/periods/S-20261011-20261020', headers: web.account.headers })
      ).json<{
        blocking: { reason: string }[];
      }>();
      expect(api.blocking.length).toBeGreaterThanOrEqual(1);
      for (const b of api.blocking) expect(await blocking.textContent()).toContain(b.reason);
    });
  },
);
