// Every page of the console at desktop (1280×800) and phone (390×844) sizes, in Debian's chromium on
// each database: each route opens on its French title with nothing loading left and no error shown,
// and on a phone no page is wider than the screen (no sideways scroll). CONSOLE_SCREENSHOTS=1 writes
// `<page>.png` and `phone-<page>.png` of each under docs/console/ (issue #31: a screenshot of every
// page at both sizes, taken here from one seeded account so they are comparable).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../helpers/multipart.js';
import { salesClient } from '../helpers/sales.js';
import { describeConsole, SHOTS } from './browser.js';

const UBL = readFileSync(path.resolve(import.meta.dirname, '../fixtures/einvoicing/ubl-invoice.xml'));

/**
 * Words of the API's English (its enums, its messages) or of a value shown raw, which a French page
 * must never show: issue #31's "without meeting an English message".
 */
const ENGLISH =
  /\b(?:Invoice|Invoices|Credit|Quote|Draft|Drafts|Transfer|Check|Card|Cash|Paid|Unpaid|Pending|Failed|Submitted|Received|Sent|Error|Save|Cancel|Delete|Edit|Loading|Customer|Amount|Due|Overdue|Status|Product|None|Unknown|Refused|Accepted|Rejected|Expired|Finalized|Cancelled|Processed|Waiting|undefined|null|NaN|Infinity)\b|\[object \w+\]/g;

describeConsole(
  'web console in a browser: every page at desktop and phone sizes',
  { user: 'pages', env: { WEBHOOK_ALLOW_PRIVATE: '1' } },
  (web) => {
    const { ctx } = web;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const put = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: web.account.headers,
        payload: {
          company: {
            name: 'Atelier Lumière SAS',
            siret: '12345678200010',
            vatNumber: 'FR11123456782',
            invoicingAddress: { street: '1 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'FR' },
          },
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      const api = salesClient(ctx, web.account);
      ids.customer = await api.customer({
        companyName: 'Durand SA',
        companyInformations: { siret: '73282932000074' },
        email: 'compta@durand.example',
      });
      const product = await ctx.inject({
        method: 'POST',
        url: '/v1/products',
        headers: web.account.headers,
        payload: { name: 'Audit', type: 'Service', unitPrice: 450, vat: { rate: 20 } },
      });
      expect(product.statusCode, product.body).toBe(200);
      ids.product = product.json().id;
      ids.invoice = (
        await api.finalized('Invoice', {
          customerId: ids.customer,
          lines: [{ type: 'Service', description: 'Audit', quantity: 1, taxExcludedPrice: 450, vat: { rate: 20 } }],
        })
      ).id;
      ids.draft = (
        await api.draft('Invoice', {
          customerId: ids.customer,
          lines: [{ type: 'Service', description: 'Suivi', quantity: 2, taxExcludedPrice: 80, vat: { rate: 20 } }],
        })
      ).id;
      // An accepted quote with a deposit invoice (draft): the quote's page shows its deposits panel.
      const quote = await ctx.inject({
        method: 'POST',
        url: '/v1/salequotes',
        headers: web.account.headers,
        payload: {
          customerId: ids.customer,
          lines: [{ type: 'Service', description: 'Refonte du site', quantity: 1, taxExcludedPrice: 2400, vat: { rate: 20 } }],
        },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      ids.quote = quote.json<{ id: number }>().id;
      for (const [action, payload] of [
        ['accept', undefined],
        ['deposit', { type: 'Percent', value: 30 }],
      ] as const) {
        const res = await ctx.inject({
          method: 'POST',
          url: `/v1/salequotes/${action}/${ids.quote}`,
          headers: web.account.headers,
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const colleague = await ctx.inject({
        method: 'POST',
        url: '/v1/colleagues',
        headers: web.account.headers,
        payload: { firstName: 'Léa', lastName: 'Petit', email: 'lea.petit@atelier.example', phone: '01 23 45 67 89' },
      });
      expect(colleague.statusCode, colleague.body).toBe(200);
      // WEBHOOK_ALLOW_PRIVATE (below) spares the URL a DNS look-up; nothing drains the outbox here, so nothing is sent.
      const webhook = await ctx.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: web.account.headers,
        payload: { name: 'CRM', url: 'https://crm.example.com/hooks/facturier', types: ['InvoiceFinalized', 'ReceiptCreated'] },
      });
      expect(webhook.statusCode, webhook.body).toBe(201);
      ids.webhook = webhook.json<{ id: number }>().id;
      const bank = await ctx.inject({
        method: 'POST',
        url: '/v1/bankaccounts',
        headers: web.account.headers,
        payload: { name: 'Compte pro', iban: 'FR76 3000 4008 1900 0101 2345 632' },
      });
      expect(bank.statusCode, bank.body).toBe(200);
      ids.bank = bank.json<{ id: number }>().id;
      const purchase = await ctx.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { ...web.account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'file', filename: 'invoice.xml', type: 'application/xml', content: UBL }]),
      });
      expect(purchase.statusCode, purchase.body).toBe(200);
      ids.purchase = purchase.json<{ id: number }>().id;
    }, 120_000);
    afterAll(async () => {
      await ctx.app.close();
    });

    /** Route, its level-1 title, the screenshot's name. */
    const pages = (): [string, string | RegExp, string][] => [
      ['dashboard', 'Tableau de bord', 'dashboard'],
      ['invoices', 'Factures', 'invoices'],
      [`invoices/${ids.invoice}`, /^F-\d{4}-\d{5}$/, 'invoice'],
      [`invoices/${ids.draft}`, /^Nouvelle facture \(brouillon #\d+\)$/, 'invoice-draft'],
      ['credits', 'Avoirs', 'credits'],
      ['quotes', 'Devis', 'quotes'],
      [`quotes/${ids.quote}`, /^D-\d{4}-\d{5}$/, 'quote-accepted'],
      ['customers', 'Clients', 'customers'],
      [`customers/${ids.customer}`, /Durand SA/, 'customer-edit'],
      [`customers/${ids.customer}/account`, /Durand SA|Documents et paiements du client/, 'customer-account'],
      ['products', 'Produits', 'products'],
      [`products/${ids.product}`, /Audit/, 'product-edit'],
      ['receipts', 'Encaissements', 'receipts'],
      ['ledgers', 'Échéances et règlements', 'ledgers'],
      ['ledgers/settlements', 'Échéances et règlements', 'settlements'],
      ['received', 'Factures reçues', 'received'],
      [`received/${ids.purchase}`, /INV-2024-9/, 'purchase'],
      ['recurring', 'Factures récurrentes', 'recurring'],
      ['recurring/new', 'Nouvelle facture récurrente', 'recurring-new'],
      ['ereporting', /e-reporting/i, 'ereporting'],
      ['import/customers', /Importer/, 'import'],
      ['bank', 'Banque', 'bank'],
      [`bank/${ids.bank}`, 'Compte pro', 'bank-account'],
      ['expenses', /Notes de frais/, 'expenses'],
      ['exports', 'Exports comptables', 'exports'],
      ['emails', /E-mails/, 'emails'],
      ['colleagues', 'Collaborateurs', 'colleagues'],
      ['webhooks', 'Webhooks', 'webhooks'],
      [`webhooks/${ids.webhook}`, 'CRM', 'webhook'],
      ['search?q=durand', /durand/, 'search'],
      ['settings', 'Paramètres', 'settings'],
      ['apikeys', 'Accès API', 'apikeys'],
      ['users', 'Utilisateurs', 'users'],
      ['account', /compte/i, 'account'],
    ];

    async function visitAll(size: 'desktop' | 'phone') {
      await web.page.setViewportSize(size === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      const wide: string[] = [];
      const wrongTitles: string[] = [];
      const english: string[] = [];
      for (const [route, title, name] of pages()) {
        await web.page.goto(`${web.base}/console/#/${route}`);
        const h1 = web.page.locator('main h1').first();
        await h1.waitFor();
        await web.page.waitForLoadState('networkidle');
        const text = ((await h1.textContent()) ?? '').trim();
        if (typeof title === 'string' ? text !== title : !title.test(text)) wrongTitles.push(`${route}: « ${text} »`);
        await web.page
          .locator('[aria-busy="true"], .loading')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        expect(await web.page.locator('.error[role="alert"]').count(), `${route}: an error is shown`).toBe(0);
        const shown = await web.page.locator('body').innerText();
        for (const word of shown.match(ENGLISH) ?? []) english.push(`${route}: « ${word} »`);
        if (size === 'phone') {
          const width = await web.page.evaluate(
            () =>
              (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
          );
          if (width > 391) wide.push(`${route} (${width}px)`);
        }
        if (ctx.dialect === 'sqlite' && SHOTS)
          await web.page.screenshot({ path: path.join(SHOTS, `${size === 'phone' ? 'phone-' : ''}${name}.png`) });
      }
      expect(wrongTitles).toEqual([]);
      expect(english).toEqual([]);
      return wide;
    }

    it('opens every page on its title at desktop size, with nothing loading and no error', async () => {
      expect(await visitAll('desktop')).toEqual([]);
    });

    it('opens every page on a phone with nothing wider than the screen', async () => {
      expect(await visitAll('phone')).toEqual([]);
      await web.page.setViewportSize({ width: 1280, height: 800 });
    });
  },
);
