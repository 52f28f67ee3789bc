// The console's draft editor books lines right (issue #31), in Debian's chromium on each database:
// a line's kind (Service or Product) is chosen, a catalogue product fills a line, and the FEC books
// services on 706 and goods on 707; a product's unit is saved from the reference list; a draft made
// through the API with a text line, a unit and a discount keeps them when the console edits it; a
// sign-in link opened directly leaves no "Chargement…" above the header.
import { beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/index.js';
import { describeConsole, expectAccessible, PASSWORD } from './browser.js';

describeConsole('web console in a browser: lines booked right', { user: 'lignes' }, (web) => {
  const { ctx } = web;
  let customerId: number;

  const api = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  };
  /** Waits until the draft autosave has reached the API (the editor says so). */
  const saved = () => web.page.getByText('Brouillon enregistré').waitFor();

  beforeAll(async () => {
    customerId = (await api<{ id: number }>('POST', '/v1/customers', { companyName: 'Boulangerie Martin' })).id;
  }, 120_000);

  it('a sign-in link opened directly signs in and shows the account page, with no loading line left', async () => {
    const { linkToken } = await createUser(ctx.db, {
      accountId: web.account.accountId,
      email: `lien.${ctx.dialect}@atelier.example`,
      profile: 'Standard',
      firstName: 'Léa',
      lastName: 'Petit',
    });
    const fresh = await web.browser.context.browser()!.newContext();
    const tab = await fresh.newPage();
    await tab.goto(`${web.base}/console/#/link/${linkToken}`);
    await tab.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await expect.poll(() => tab.getByText('Chargement…').count()).toBe(0);
    expect(await tab.getByText('Connexion par lien…').count()).toBe(0);
    // The header comes first in the page: nothing of the sign-in screen is left above it.
    expect(
      await tab
        .locator('#app > :not(.skip)')
        .first()
        .evaluate((e) => e.tagName),
    ).toBe('HEADER');
    await fresh.close();
  });

  it('an Accountant who tries a change is told in French why the API refused it, and nothing is written', async () => {
    await createUser(ctx.db, {
      accountId: web.account.accountId,
      email: `comptable.${ctx.dialect}@atelier.example`,
      profile: 'Accountant',
      firstName: 'Hugo',
      lastName: 'Lefèvre',
      password: PASSWORD,
    });
    const before = (await api<unknown[]>('GET', '/v1/customers?PageSize=100')).length;
    const fresh = await web.browser.context.browser()!.newContext();
    const tab = await fresh.newPage();
    await tab.goto(`${web.base}/console/`);
    await tab.getByLabel('E-mail').fill(`comptable.${ctx.dialect}@atelier.example`);
    await tab.getByLabel('Mot de passe').fill(PASSWORD);
    await tab.getByRole('button', { name: 'Se connecter' }).click();
    await tab.getByRole('heading', { name: 'Tableau de bord', exact: true }).waitFor();
    await tab.goto(`${web.base}/console/#/customers/new`);
    await tab.getByLabel('Raison sociale').fill('Client du comptable');
    await tab.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(async () => (await tab.getByRole('alert').allTextContents()).join(' '))
      .toContain('Le profil Comptable consulte tout mais ne modifie rien');
    expect((await api<unknown[]>('GET', '/v1/customers?PageSize=100')).length).toBe(before);
    await fresh.close();
  });

  it('dates are typed and shown day first in an English (en-US) browser too; a day that does not exist is refused beside the field', async () => {
    const { linkToken } = await createUser(ctx.db, {
      accountId: web.account.accountId,
      email: `us.${ctx.dialect}@atelier.example`,
      profile: 'Admin',
      firstName: 'Sam',
      lastName: 'Lee',
    });
    const draft = await api<{ id: number; date: string }>('POST', '/v1/saleinvoices', { customerId, date: '2026-11-24' });
    const us = await web.browser.context.browser()!.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    const tab = await us.newPage();
    await tab.goto(`${web.base}/console/#/link/${linkToken}`);
    await tab.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await tab.goto(`${web.base}/console/#/invoices/${draft.id}`);
    const dateField = tab.getByLabel('Date', { exact: true });
    await expect.poll(() => dateField.inputValue()).toBe('24/11/2026');
    await dateField.fill('31/02/2026');
    await tab.getByText('Date invalide : jj/mm/aaaa, par exemple 24/11/2026').waitFor();
    await dateField.fill('02/12/2026');
    await tab.getByText('Brouillon enregistré').waitFor();
    expect((await api<{ date: string }>('GET', `/v1/saleinvoices/${draft.id}`)).date).toBe('2026-12-02');
    await us.close();
  });

  it('saves a product with a unit from the reference list', async () => {
    await web.page.goto(`${web.base}/console/#/products/new`);
    await web.page.getByLabel('Nom').fill('Tirage photo 30x40');
    await web.page.getByLabel('Type').selectOption('Product');
    await web.page.getByLabel('Prix unitaire HT').fill('25');
    await web.page.getByLabel('Unité').selectOption({ label: 'Heure' });
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    // A new product opens its own page once created.
    await web.page.waitForURL(/#\/products\/\d+$/);
    const products = await api<{ name: string; type: string; unit: { code: string } | null }[]>('GET', '/v1/products');
    expect(products).toEqual([
      expect.objectContaining({ name: 'Tirage photo 30x40', type: 'Product', unit: expect.objectContaining({ code: 'HUR' }) }),
    ]);
    await web.page.reload();
    await expect.poll(() => web.page.getByLabel('Unité').inputValue()).toBe('HUR');
  });

  it('books a service line on 706 and a catalogue product on 707 in the FEC', async () => {
    const draft = await api<{ id: number }>('POST', '/v1/saleinvoices', { customerId });
    await web.page.goto(`${web.base}/console/#/invoices/${draft.id}`);
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line1 = web.page.getByRole('group', { name: 'Ligne 1' });
    await line1.getByLabel('Nature').selectOption('Service');
    await line1.getByLabel('Description').fill('Trois jours de développement');
    await line1.getByLabel('Quantité').fill('3');
    await line1.getByLabel('Prix unitaire HT').fill('500');
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line2 = web.page.getByRole('group', { name: 'Ligne 2' });
    await line2.getByLabel('Produit du catalogue').selectOption({ label: 'Tirage photo 30x40' });
    expect(await line2.getByLabel('Nature').inputValue()).toBe('Product');
    expect(await line2.getByLabel('Prix unitaire HT').inputValue()).toBe('25');
    await line2.getByLabel('Quantité').fill('2');
    await saved();
    await expectAccessible(web.page, 'draft with a product line');
    const stored = await api<{
      lines: { type: string; productId: number | null; unit: { code: string } | null; taxExcludedAmount: number }[];
    }>('GET', `/v1/saleinvoices/${draft.id}`);
    expect(stored.lines.map((l) => [l.type, l.taxExcludedAmount])).toEqual([
      ['Service', 1500],
      ['Product', 50],
    ]);
    expect(stored.lines[1].productId).not.toBeNull();
    await api('POST', `/v1/saleinvoices/finalize/${draft.id}`);
    const year = new Date().getFullYear();
    const fec = await ctx.inject({ method: 'GET', url: `/v1/exports/fec?year=${year}`, headers: web.account.headers });
    expect(fec.statusCode, fec.body).toBe(200);
    const rows = fec.body.split(/\r?\n/).map((r) => r.split(/\t|\|/));
    const header = rows[0];
    const account_ = header.indexOf('CompteNum');
    const credit = header.indexOf('Credit');
    const credits = (num: string) => rows.filter((r) => r[account_]?.startsWith(num)).map((r) => r[credit]);
    expect(credits('706')).toEqual(['1500,00']);
    expect(credits('707')).toEqual(['50,00']);
  });

  it('keeps a text line, a unit and a discount of a draft made through the API when the console edits it', async () => {
    const draft = await api<{ id: number }>('POST', '/v1/saleinvoices', {
      customerId,
      lines: [
        { type: 'Text', description: 'Séance du 12 mars' },
        {
          type: 'Service',
          description: 'Retouches',
          quantity: 2,
          taxExcludedPrice: 100,
          unit: { code: 'HUR' },
          discount: { type: 'Percent', value: 10 },
          vat: { rate: 20 },
        },
      ],
    });
    await web.page.goto(`${web.base}/console/#/invoices/${draft.id}`);
    await web.page.getByTestId('kept-line').waitFor();
    expect(await web.page.getByTestId('kept-line').textContent()).toContain('Séance du 12 mars');
    const line2 = web.page.getByRole('group', { name: 'Ligne 2' });
    await line2.getByLabel('Quantité').fill('3');
    await saved();
    const stored = await api<{
      lines: {
        type: string;
        description: string;
        quantity: number | null;
        unit: { code: string } | null;
        discount: object | null;
        taxExcludedAmount: number | null;
      }[];
    }>('GET', `/v1/saleinvoices/${draft.id}`);
    expect(stored.lines.map((l) => l.type)).toEqual(['Text', 'Service']);
    expect(stored.lines[0].description).toBe('Séance du 12 mars');
    expect(stored.lines[1]).toMatchObject({
      quantity: 3,
      unit: expect.objectContaining({ code: 'HUR' }),
      discount: { type: 'Percent', value: 10 },
    });
    // 3 × 100, less 10 %: 270.00.
    expect(stored.lines[1].taxExcludedAmount).toBe(270);
  });

  it("edits the document's subject and a line's discount; shows the due date the API computed; shows a fixed discount as one and keeps it", async () => {
    const draft = await api<{ id: number; dueDate: string }>('POST', '/v1/saleinvoices', {
      customerId,
      lines: [
        { type: 'Service', description: 'Audit', quantity: 1, taxExcludedPrice: 400, vat: { rate: 20 } },
        {
          type: 'Service',
          description: 'Formation',
          quantity: 1,
          taxExcludedPrice: 300,
          discount: { type: 'Fixed', value: 50 },
          vat: { rate: 20 },
        },
      ],
    });
    await web.page.goto(`${web.base}/console/#/invoices/${draft.id}`);
    await web.page.getByRole('group', { name: 'Ligne 1' }).waitFor();
    const [y, m, d] = draft.dueDate.split('-');
    expect(await web.page.getByTestId('draft-due-date').textContent()).toContain(`${d}/${m}/${y}`);
    expect(await web.page.getByRole('group', { name: 'Ligne 2' }).getByLabel('Type de remise').inputValue()).toBe('Fixed');
    expect(await web.page.getByRole('group', { name: 'Ligne 2' }).getByLabel('Remise HT (€)').inputValue()).toBe('50');
    await web.page.getByLabel('Objet du document').fill('Accompagnement du premier trimestre');
    await web.page.getByRole('group', { name: 'Ligne 1' }).getByLabel('Remise (%)').fill('12,5');
    await saved();
    await expect
      .poll(async () => (await api<{ subject: string | null }>('GET', `/v1/saleinvoices/${draft.id}`)).subject)
      .toBe('Accompagnement du premier trimestre');
    const stored = await api<{ lines: { discount: object | null; taxExcludedAmount: number }[]; taxExcludedAmount: number }>(
      'GET',
      `/v1/saleinvoices/${draft.id}`,
    );
    expect(stored.lines[0]).toMatchObject({ discount: { type: 'Percent', value: 12.5 }, taxExcludedAmount: 350 });
    expect(stored.lines[1]).toMatchObject({ discount: { type: 'Fixed', value: 50 }, taxExcludedAmount: 250 });
    expect(stored.taxExcludedAmount).toBe(600);
    // A discount that is not a number stays in the page, named, and nothing is saved.
    await web.page.getByRole('group', { name: 'Ligne 1' }).getByLabel('Remise (%)').fill('dix');
    await web.page.getByText('≠ 10 ou 12,5').waitFor();
    expect((await api<{ lines: { discount: object | null }[] }>('GET', `/v1/saleinvoices/${draft.id}`)).lines[0].discount).toEqual({
      type: 'Percent',
      value: 12.5,
    });
    await expectAccessible(web.page, 'draft with subject and discounts');
  });

  it('a paid-in-part invoice says so and lists its payments; a credit note speaks of refunding, not of a balance due', async () => {
    const invoice = await api<{ id: number; number: string }>('POST', '/v1/saleinvoices', {
      customerId,
      lines: [{ type: 'Service', description: 'Reportage', quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } }],
    });
    const finalized = await api<{ number: string }>('POST', `/v1/saleinvoices/finalize/${invoice.id}`);
    await api('POST', '/v1/receipts', {
      amount: 500,
      date: '2026-11-20',
      paymentMethod: 'Check',
      links: [{ type: 'Invoice', id: invoice.id, amount: 500 }],
    });
    await web.page.goto(`${web.base}/console/#/invoices/${invoice.id}`);
    await web.page.getByRole('heading', { name: finalized.number }).waitFor();
    expect(await web.page.locator('.facts .badge').first().textContent()).toBe('Payée en partie');
    expect((await web.page.getByTestId('balance').textContent())?.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ')).toBe('700,00 €');
    const payments = web.page.getByTestId('payments');
    await payments.waitFor();
    expect((await payments.locator('li').allTextContents()).map((x) => x.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' '))).toEqual([
      '20/11/2026 · Chèque · 500,00 €',
    ]);

    const credit = await api<{ id: number }>('POST', '/v1/salecredits', {
      customerId,
      correctedInvoiceNumber: finalized.number,
      lines: [{ type: 'Service', description: 'Geste commercial', quantity: 1, taxExcludedPrice: 100, vat: { rate: 20 } }],
    });
    const creditDone = await api<{ number: string }>('POST', `/v1/salecredits/finalize/${credit.id}`);
    await web.page.goto(`${web.base}/console/#/credits/${credit.id}`);
    await web.page.getByRole('heading', { name: creditDone.number }).waitFor();
    const facts = await web.page.locator('.facts dt').allTextContents();
    expect(facts).toContain('À rembourser ou imputer');
    expect(facts).not.toContain('Reste dû');
    expect(facts).not.toContain('Échéance');
    await expectAccessible(web.page, 'credit note');
  });
});
