// The console's forms say themselves, in French, what is missing (issue #31), in Debian's chromium on
// each database: in an English (en-US) browser, the new bank account and the new expense report sent
// empty show « Champ obligatoire. » beside each field and nothing is created (read back from the API),
// never the browser's own bubble (in the browser's language); and a supplier invoice's supplier is
// searched as the user types, so that the 150th supplier by name is chosen and saved.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/index.js';
import { renderDocumentPdf } from '../../src/rendering/pdf.js';
import { baseInvoice } from '../fixtures/einvoicing/documents.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { BOUNDARY, multipart } from '../helpers/multipart.js';
import { browserMissing } from '../helpers/referees.js';
import { ensureConsoleBuilt, expectAccessible, NBSP, screenshotFailure, signedInConsole, type Browser } from './browser.js';

const missing = browserMissing('console-forms.e2e.test.ts');
if (!missing) await ensureConsoleBuilt();

describeEachDb('web console in a browser: forms in French whatever the browser, a supplier among many', (ctx) => {
  if (missing) {
    it.skip(missing, () => {});
    return;
  }
  let browser: Browser;
  let page: Page;
  let base: string;
  let account: TestAccount;
  const clean = (s: string | null) => (s ?? '').replaceAll(NBSP, ' ').trim();
  const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<T>();
  };
  /** The message under the field labelled `label` in `scope`: the field marked invalid and described by it. */
  const errorBeside = async (tab: Page, scope: Locator, label: string) => {
    const input = scope.getByLabel(label, { exact: true });
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    const errorId = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
    expect(errorId, `${label} is described by its error`).toBeTruthy();
    return clean(await tab.locator(`[id="${errorId}"]`).textContent());
  };

  beforeAll(async () => {
    ({ base, account, browser, page } = await signedInConsole(ctx, `formulaires.${ctx.dialect}@atelier.example`));
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page) await screenshotFailure(page, `${ctx.dialect}-${task.name}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in an English browser, a new bank account and a new expense report sent empty are refused in French beside their fields; nothing is created', async () => {
    await api('POST', '/v1/colleagues', { firstName: 'Léa', lastName: 'Petit' });
    const { linkToken } = await createUser(ctx.db, {
      accountId: account.accountId,
      email: `en.${ctx.dialect}@atelier.example`,
      profile: 'Admin',
      firstName: 'Sam',
      lastName: 'Lee',
    });
    const english = await browser.context.browser()!.newContext({ locale: 'en-US', bypassCSP: true });
    const tab = await english.newPage();
    tab.setDefaultTimeout(20_000);
    try {
      expect(await tab.evaluate(() => (globalThis as unknown as { navigator: { language: string } }).navigator.language)).toBe('en-US');
      await tab.goto(`${base}/console/#/link/${linkToken}`);
      await tab.getByRole('heading', { name: 'Mon compte' }).waitFor();

      await tab.goto(`${base}/console/#/bank`);
      await tab.getByRole('heading', { level: 1, name: 'Banque' }).waitFor();
      const bank = tab.getByTestId('new-bank-account');
      expect(await bank.getAttribute('novalidate')).not.toBeNull();
      await bank.getByRole('button', { name: 'Ajouter' }).click();
      expect(await errorBeside(tab, bank, 'Nom du compte')).toBe('Champ obligatoire.');
      expect(await errorBeside(tab, bank, 'IBAN')).toBe('Champ obligatoire.');
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
      expect(await errorBeside(tab, bank, 'IBAN')).toBe('Champ obligatoire.');
      expect(await bank.getByLabel('Nom du compte', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      expect(await api<unknown[]>('GET', '/v1/bankaccounts')).toEqual([]);

      await tab.goto(`${base}/console/#/expenses`);
      await tab.getByRole('heading', { level: 1, name: 'Notes de frais' }).waitFor();
      const report = tab.getByTestId('new-expense-report');
      expect(await report.getAttribute('novalidate')).not.toBeNull();
      await report.getByLabel('Début de la période').fill('');
      await report.getByLabel('Fin de la période').fill('');
      await report.getByRole('button', { name: 'Créer' }).click();
      expect(await errorBeside(tab, report, 'Début de la période')).toBe('Champ obligatoire.');
      expect(await errorBeside(tab, report, 'Fin de la période')).toBe('Champ obligatoire.');
      await expectAccessible(tab, 'new expense report refused');
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Notes de frais');
      expect(await api<unknown[]>('GET', '/v1/expensereports')).toEqual([]);

      // Filled, both are created: the refusals were the form's, not a form that never sends.
      await report.getByLabel('Début de la période').fill('01/11/2026');
      await report.getByLabel('Fin de la période').fill('30/11/2026');
      await report.getByRole('button', { name: 'Créer' }).click();
      await tab.getByRole('heading', { level: 1, name: /^Notes de frais #\d+$/ }).waitFor();
      const reports = await api<{ periodStart: string; periodEnd: string }[]>('GET', '/v1/expensereports');
      expect(reports.map((r) => [r.periodStart, r.periodEnd])).toEqual([['2026-11-01', '2026-11-30']]);
    } finally {
      await english.close();
    }
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
      headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'scan.pdf', type: 'application/pdf', content: scan }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json<{ id: number }>().id;

    await page.goto(`${base}/console/#/received/${id}`);
    const form = page.getByTestId('purchase-correct');
    const choice = form.getByTestId('supplier-choice');
    const supplier = choice.getByLabel('Fournisseur', { exact: true });
    await expect
      .poll(async () => clean(await choice.getByRole('status').textContent()))
      .toBe('Les 20 premiers fournisseurs par nom : précisez la recherche pour en trouver d’autres.');
    expect(await supplier.locator(`option[value="${last}"]`).count()).toBe(0);
    await choice.getByLabel('Rechercher un fournisseur (nom ou numéro)').fill('Fournisseur 150');
    await expect.poll(async () => clean(await choice.getByRole('status').textContent())).toBe('1 fournisseur trouvé.');
    await supplier.selectOption({ label: 'Fournisseur 150' });
    await expectAccessible(page, 'supplier searched');
    await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
    await form.getByText('Corrections enregistrées.').waitFor();
    expect(await api<{ supplierId: number; supplier: { name: string } }>('GET', `/v1/purchaseinvoices/${id}`)).toMatchObject({
      supplierId: last,
      supplier: expect.objectContaining({ name: 'Fournisseur 150' }),
    });
    // Shown again as saved, the search emptied: the chosen supplier stays the choice.
    await page.reload();
    await expect.poll(() => page.getByTestId('supplier-choice').getByLabel('Fournisseur', { exact: true }).inputValue()).toBe(String(last));

    // On a phone, the choice fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1200, height: 800 });
  });
});
