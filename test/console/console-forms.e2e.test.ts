// The console's forms say themselves, in French, what is missing (issue #31), in Debian's chromium on
// each database: in an English (en-US) browser, the new bank account and the new expense report sent
// empty show « Champ obligatoire. » beside each field and nothing is created (read back from the API),
// never the browser's own bubble (in the browser's language); and a supplier invoice's supplier is
// searched as the user types, so that the 150th supplier by name is chosen and saved.
import { expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/index.js';
import { renderDocumentPdf } from '../../src/rendering/pdf.js';
import { baseInvoice } from '../fixtures/einvoicing/documents.js';
import { BOUNDARY, multipart } from '../helpers/multipart.js';
import { describeConsole, errorBeside, expectAccessible, NBSP, screenshotBothSizes } from './browser.js';

describeConsole('web console in a browser: forms in French whatever the browser, a supplier among many', { user: 'formulaires' }, (web) => {
  const { ctx } = web;
  const clean = (s: string | null) => (s ?? '').replaceAll(NBSP, ' ').trim();
  const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<T>();
  };

  it('in an English browser, a new bank account and a new expense report sent empty are refused in French beside their fields; nothing is created', async () => {
    await api('POST', '/v1/colleagues', { firstName: 'Léa', lastName: 'Petit' });
    const { linkToken } = await createUser(ctx.db, {
      accountId: web.account.accountId,
      email: `en.${ctx.dialect}@atelier.example`,
      profile: 'Admin',
      firstName: 'Sam',
      lastName: 'Lee',
    });
    const english = await web.browser.context.browser()!.newContext({ locale: 'en-US', bypassCSP: true });
    const tab = await english.newPage();
    tab.setDefaultTimeout(20_000);
    try {
      expect(await tab.evaluate(() => (globalThis as unknown as { navigator: { language: string } }).navigator.language)).toBe('en-US');
      await tab.goto(`${web.base}/console/#/link/${linkToken}`);
      await tab.getByRole('heading', { name: 'Mon compte' }).waitFor();

      await tab.goto(`${web.base}/console/#/bank`);
      await tab.getByRole('heading', { level: 1, name: 'Banque' }).waitFor();
      const bank = tab.getByTestId('new-bank-account');
      expect(await bank.getAttribute('novalidate')).not.toBeNull();
      await bank.getByRole('button', { name: 'Ajouter' }).click();
      expect(await errorBeside(bank, 'Nom du compte')).toBe('Champ obligatoire.');
      expect(await errorBeside(bank, 'IBAN')).toBe('Champ obligatoire.');
      // The first field in error has the focus.
      const nameField = bank.getByLabel('Nom du compte', { exact: true });
      await expect
        .poll(() =>
          nameField.evaluate((i) => i === (i as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement),
        )
        .toBe(true);
      await expectAccessible(tab, 'new bank account refused');
      // A name alone: the IBAN is still asked for, in French; then the API's own refusal of a name of spaces.
      await bank.getByLabel('Nom du compte', { exact: true }).fill('Compte courant');
      await bank.getByRole('button', { name: 'Ajouter' }).click();
      expect(await errorBeside(bank, 'IBAN')).toBe('Champ obligatoire.');
      expect(await bank.getByLabel('Nom du compte', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      expect(await api<unknown[]>('GET', '/v1/bankaccounts')).toEqual([]);

      await tab.goto(`${web.base}/console/#/expenses`);
      await tab.getByRole('heading', { level: 1, name: 'Notes de frais' }).waitFor();
      const report = tab.getByTestId('new-expense-report');
      expect(await report.getAttribute('novalidate')).not.toBeNull();
      await report.getByLabel('Début de la période').fill('');
      await report.getByLabel('Fin de la période').fill('');
      await report.getByRole('button', { name: 'Créer' }).click();
      expect(await errorBeside(report, 'Début de la période')).toBe('Champ obligatoire.');
      expect(await errorBeside(report, 'Fin de la période')).toBe('Champ obligatoire.');
      await expectAccessible(tab, 'new expense report refused');
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Notes de frais');
      expect(await api<unknown[]>('GET', '/v1/expensereports')).toEqual([]);

      // Filled, both are created: the refusals were the form's, not a form that never sends.
      await report.getByLabel('Début de la période').fill('01/11/2026');
      await report.getByLabel('Fin de la période').fill('30/11/2026');
      await report.getByRole('button', { name: 'Créer' }).click();
      await tab.getByRole('heading', { level: 1, name: /^Note de frais #\d+$/ }).waitFor();
      const reports = await api<{ periodStart: string; periodEnd: string }[]>('GET', '/v1/expensereports');
      expect(reports.map((r) => [r.periodStart, r.periodEnd])).toEqual([['2026-11-01', '2026-11-30']]);
    } finally {
      await english.close();
    }
  });

  it('the draft editor’s line grid gives every field room for its value at 1280 px, at 900 px and on a phone', async () => {
    const customer = await api<{ id: number }>('POST', '/v1/customers', { companyName: 'Durand SA' });
    const draft = await api<{ id: number }>('POST', '/v1/saleinvoices', {
      customerId: customer.id,
      lines: [{ type: 'Service', description: 'Suivi', quantity: 2, taxExcludedPrice: 80, vat: { rate: 5.5 } }],
    });
    /** Each field of the first line: its label, the width of its control, the width its value needs (a select's longest option). */
    const fields = () =>
      web.page.locator('ol.lines li.line fieldset .field').evaluateAll((nodes) =>
        nodes.map((node) => {
          const n = node as unknown as {
            querySelector: (s: string) => {
              textContent: string;
              clientWidth: number;
              getBoundingClientRect: () => { left: number; right: number };
            } | null;
          };
          const control = n.querySelector('select, input')!;
          return {
            label: n.querySelector('label')!.textContent,
            width: control.clientWidth,
            right: control.getBoundingClientRect().right,
          };
        }),
      );
    const viewportWidth = () =>
      web.page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      );
    for (const [width, least] of [
      [1280, 88],
      [900, 150],
      [390, 140],
    ] as const) {
      await web.page.setViewportSize({ width, height: 900 });
      await web.page.goto(`${web.base}/console/#/invoices/${draft.id}`);
      await web.page.getByLabel('TVA', { exact: true }).waitFor();
      expect(await web.page.getByLabel('TVA', { exact: true }).locator('option:checked').textContent()).toBe('5,5 %');
      const measured = await fields();
      expect(measured.map((f) => f.label)).toEqual([
        'Produit du catalogue',
        'Nature',
        'Description',
        'Quantité',
        'Prix unitaire HT',
        'TVA',
        'Unité',
        'Date de la ligne',
        'Type de remise',
        'Remise (%)',
      ]);
      // The VAT rate select was 2.5rem wide at 1280 px: now no field is narrower than `least`, none beyond the screen.
      for (const f of measured) {
        expect(f.width, `${f.label} at ${width} px`).toBeGreaterThanOrEqual(least);
        expect(f.right, `${f.label} at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(await viewportWidth()).toBeLessThanOrEqual(width);
      if (width === 390) await web.page.screenshot({ path: `/tmp/facturier-phone-invoice-draft-${ctx.dialect}.png`, fullPage: true });
    }
    await expectAccessible(web.page, 'draft editor');
    await web.page.setViewportSize({ width: 1200, height: 800 });
  });

  it('chooses the 150th supplier by name through the search as you type, and the saved invoice carries it', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `Fournisseur ${String(i + 1).padStart(3, '0')}`);
    const ids: number[] = [];
    for (let i = 0; i < names.length; i += 10)
      ids.push(
        ...(await Promise.all(
          names.slice(i, i + 10).map(async (name) => (await api<{ id: number }>('POST', '/v1/suppliers', { name })).id),
        )),
      );
    const last = ids[149];
    // Beyond the first 100 by name: a list of the first 100 would not offer it.
    const first100 = await api<{ id: number }[]>('GET', '/v1/suppliers?PageSize=100&OrderBy=name');
    expect(first100.map((s) => s.id)).not.toContain(last);

    const scan = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
    const upload = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...web.account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'scan.pdf', type: 'application/pdf', content: scan }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json<{ id: number }>().id;

    await web.page.goto(`${web.base}/console/#/received/${id}`);
    const form = web.page.getByTestId('purchase-correct');
    const choice = form.getByTestId('supplier-choice');
    const supplier = choice.getByLabel('Fournisseur', { exact: true });
    await expect
      .poll(async () => clean(await choice.getByRole('status').textContent()))
      .toBe('Les 20 premiers fournisseurs par nom : précisez la recherche pour en trouver d’autres.');
    expect(await supplier.locator(`option[value="${last}"]`).count()).toBe(0);
    await choice.getByLabel('Rechercher un fournisseur (nom ou numéro)').fill('Fournisseur 150');
    await expect.poll(async () => clean(await choice.getByRole('status').textContent())).toBe('1 fournisseur trouvé.');
    await supplier.selectOption({ label: 'Fournisseur 150' });
    await expectAccessible(web.page, 'supplier searched');
    await choice.scrollIntoViewIfNeeded();
    await screenshotBothSizes(web.page, ctx.dialect, 'purchase-supplier-search');
    await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
    await form.getByText('Corrections enregistrées.').waitFor();
    expect(await api<{ supplierId: number; supplier: { name: string } }>('GET', `/v1/purchaseinvoices/${id}`)).toMatchObject({
      supplierId: last,
      supplier: expect.objectContaining({ name: 'Fournisseur 150' }),
    });
    // Shown again as saved, the search emptied: the chosen supplier stays the choice.
    await web.page.reload();
    await expect
      .poll(() => web.page.getByTestId('supplier-choice').getByLabel('Fournisseur', { exact: true }).inputValue())
      .toBe(String(last));

    // On a phone, the choice fits the screen.
    await web.page.setViewportSize({ width: 390, height: 844 });
    expect(
      await web.page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await web.page.setViewportSize({ width: 1200, height: 800 });
  });

  it('a supplier payment also settles an invoice of the supplier found by the search, beyond those offered at once', async () => {
    const vidal = await api<{ id: number }>('POST', '/v1/suppliers', { name: 'Atelier Vidal' });
    const scan = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    const ids: Record<string, number> = {};
    for (const [i, word] of words.entries()) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { ...web.account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'file', filename: `${word}.pdf`, type: 'application/pdf', content: scan }]),
      });
      expect(res.statusCode, res.body).toBe(200);
      ids[word] = (
        await api<{ id: number }>('PUT', `/v1/purchaseinvoices/${res.json<{ id: number }>().id}`, {
          supplierId: vidal.id,
          reference: `VID-${word.toUpperCase()}`,
          date: `2026-11-0${i + 1}`,
          vats: [{ rate: 20, taxExcludedAmount: 100 }],
        })
      ).id;
    }
    await web.page.goto(`${web.base}/console/#/received/${ids.golf}`);
    const form = web.page.getByTestId('supplier-payment');
    await form.getByLabel('Montant payé (€)', { exact: true }).waitFor();
    // Five of the six others are offered at once; the sixth is found by the search.
    // The supplier's other invoices arrive after the form: wait for them rather than read too early.
    const alsoOn = async () => (await form.locator('label').allTextContents()).filter((l) => l.startsWith('Aussi sur la facture'));
    await expect.poll(async () => (await alsoOn()).length, { timeout: 15_000 }).toBe(5);
    const offered = await form.locator('label').allTextContents();
    const hidden = words.slice(0, 6).find((w) => !offered.includes(`Aussi sur la facture VID-${w.toUpperCase()} (€)`))!;
    expect(hidden).toBeTruthy();
    const choice = form.getByTestId('other-invoice-choice');
    await choice.getByLabel('Régler aussi une autre facture de ce fournisseur : rechercher (numéro, objet)').fill(hidden);
    await expect.poll(async () => clean(await choice.getByRole('status').textContent())).toBe('1 facture à payer trouvée.');
    await choice.getByLabel('Facture à ajouter au paiement').selectOption(String(ids[hidden]));
    const field = form.getByLabel(`Aussi sur la facture VID-${hidden.toUpperCase()} (€)`, { exact: true });
    await field.fill('50');
    await expectAccessible(web.page, 'supplier payment with an invoice found by the search');
    await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await form.getByText('Paiement enregistré.').waitFor();
    const [payment] = await api<{ amount: number; links: { id: number; amount: number }[] }[]>(
      'GET',
      `/v1/supplierpayments?SupplierId=${vidal.id}`,
    );
    expect(payment.amount).toBe(170);
    expect(payment.links.map((l) => [l.id, l.amount]).sort((x, y) => x[0] - y[0])).toEqual(
      [
        [ids.golf, 120],
        [ids[hidden], 50],
      ].sort((x, y) => x[0] - y[0]),
    );
  });
});
