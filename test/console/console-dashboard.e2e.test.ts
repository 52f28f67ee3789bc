// The console's landing page and the pages around a customer (issue #31), in Debian's chromium on
// each database: the onboarding checklist until every step is done; the dashboard's revenue, cash,
// amounts due by lateness and waiting documents equal to the cent what the API answers; the search
// of the invoice list and the global search; a customer's page (documents, balance, payments); a
// partial credit offset against its invoice from the credit's page (both balances, both links).
// CONSOLE_SCREENSHOTS=1 writes the screenshots of docs/console/.
import path from 'node:path';
import { expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/dates.js';
import { png } from '../helpers/png.js';
import { describeConsole, expectAccessible, NBSP, SHOTS } from './browser.js';

interface Doc {
  id: number;
  number: string;
  date: string;
  dueDate: string | null;
  balance: number;
  taxExcludedAmount: number;
  taxIncludedAmount: number;
}

const euros = (value: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value).replace(NBSP, ' ');
const service = (price: number) => ({
  type: 'Service',
  description: 'Prestation',
  quantity: 1,
  taxExcludedPrice: price,
  vat: { rate: 20 },
});
const isoDay = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const cents = (v: number) => Math.round(v * 100);
/** The account's day: its time zone's (the default, Europe/Paris), from which the API counts lateness. */
const accountDay = () => todayIn('Europe/Paris');

describeConsole('web console in a browser: dashboard, search, customer page, offsets', { user: 'tableau' }, (web) => {
  const { ctx } = web;
  let martin: number;
  const docs: Record<string, Doc> = {};

  const api = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  };
  /** A finalized invoice dated `days` from today: due 30 days later (the account's default terms). */
  const invoice = async (days: number, price: number) => {
    const draft = await api<Doc>('POST', '/v1/saleinvoices', { customerId: martin, date: isoDay(days), lines: [service(price)] });
    const finalized = await api<Doc>('POST', `/v1/saleinvoices/finalize/${draft.id}`);
    expect(finalized.dueDate).toBe(isoDay(days + 30));
    return finalized;
  };
  const text = async (selector: string) => ((await web.page.locator(selector).first().textContent()) ?? '').replace(NBSP, ' ').trim();
  const accessible = (what: string) => expectAccessible(web.page, what);
  async function shot(name: string, options: { fullPage?: boolean } = {}) {
    if (ctx.dialect === 'sqlite' && SHOTS)
      await web.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
  }
  const open = async (hash: string, heading: string) => {
    // The same address again is no navigation: read the page afresh then.
    const url = `${web.base}/console/#/${hash}`;
    if (web.page.url() === url) await web.page.reload();
    else await web.page.goto(url);
    await web.page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
  };

  it('lands on the dashboard with the onboarding checklist, each step linking to where it is done, until all are done', async () => {
    const onboarding = web.page.getByTestId('onboarding');
    await onboarding.waitFor();
    // The test account has a SIRET and a VAT number but no address, logo, IBAN, customer or invoice.
    expect(await text('[data-testid=onboarding] p')).toBe('0 étape(s) sur 5 faites.');
    for (const [name, href] of [
      ["Compléter l'identité de l'entreprise (SIRET, adresse)", '#/settings'],
      ['Ajouter votre logo', '#/settings'],
      ['Renseigner vos coordonnées bancaires (IBAN)', '#/settings'],
      ['Créer un premier client', '#/customers/new'],
      ['Émettre une première facture', '#/invoices/new'],
    ])
      expect(await onboarding.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    await accessible('dashboard with onboarding');
    await shot('dashboard-onboarding');
    await onboarding.getByRole('link', { name: 'Créer un premier client' }).click();
    await web.page.getByRole('heading', { name: 'Nouveau client' }).waitFor();

    martin = (
      await api<{ id: number }>('POST', '/v1/customers', { companyName: 'Boulangerie Martin', email: 'martin@boulangerie.example' })
    ).id;
    await api('PUT', '/v1/settings', {
      company: {
        invoicingAddress: { street: '3 rue des Lilas', zipcode: '69003', city: 'Lyon', countryIso: 'FR' },
        logoUri: `data:image/png;base64,${png(120, 40).toString('base64')}`,
      },
      bankDetails: { iban: 'FR7630006000011234567890189' },
    });
    await open('dashboard', 'Tableau de bord');
    await onboarding.waitFor();
    expect(await text('[data-testid=onboarding] p')).toBe('4 étape(s) sur 5 faites.');
    expect(await onboarding.getByRole('link').count()).toBe(1);
    expect(await onboarding.getByText('Créer un premier client (fait)').count()).toBe(1);

    // Chronological finalization: the oldest first.
    docs.a = await invoice(-110, 100); // 120,00 TTC, 80 days late
    await open('dashboard', 'Tableau de bord');
    await web.page.getByTestId('revenue').waitFor();
    expect(await onboarding.count()).toBe(0);
  }, 90_000);

  it("shows revenue, cash, amounts due by lateness and the waiting documents equal to the API's, to the cent", async () => {
    docs.b = await invoice(-80, 200); // 240,00 TTC, 50 days late
    docs.c = await invoice(-35, 50); // 60,00 TTC, paid
    // 36,30 TTC, due yesterday in the account's day (Europe/Paris, whatever the machine's zone): 1 day late.
    const c2 = await api<Doc>('POST', '/v1/saleinvoices', {
      customerId: martin,
      date: addDays(accountDay(), -31),
      lines: [service(30.25)],
    });
    docs.c2 = await api<Doc>('POST', `/v1/saleinvoices/finalize/${c2.id}`);
    expect(docs.c2.dueDate).toBe(addDays(accountDay(), -1));
    docs.d = await invoice(0, 1000); // 1 200,00 TTC, not yet due
    await api('POST', '/v1/saleinvoices', { customerId: martin, lines: [service(5)] }); // a draft
    await api('POST', '/v1/salecredits', { customerName: 'Client de passage', lines: [service(3)] }); // a credit note draft
    const credit = await api<Doc>('POST', '/v1/salecredits', {
      customerId: martin,
      correctedInvoiceNumber: docs.d.number,
      correctedInvoiceDate: docs.d.date,
      lines: [service(10)],
    });
    docs.credit = await api<Doc>('POST', `/v1/salecredits/finalize/${credit.id}`);
    await api('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.a.id, amount: 20, date: isoDay(-100), paymentMethod: 'Transfer' });
    await api('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.c.id, date: isoDay(-3), paymentMethod: 'Check' });
    await api('POST', '/v1/salecredits/markasrefunded', {
      creditId: docs.credit.id,
      amount: 2,
      date: isoDay(0),
      paymentMethod: 'Transfer',
    });

    // What the API says, document by document.
    const invoices = await api<Doc[]>('GET', '/v1/saleinvoices?PageSize=100&Cancelled=All');
    const credits = await api<Doc[]>('GET', '/v1/salecredits?PageSize=100&Cancelled=All');
    const receipts = await api<{ date: string; amount: number }[]>('GET', '/v1/receipts?PageSize=100');
    const incoming = await api<Doc[]>('GET', '/v1/saleinvoices?Status=Incoming&PageSize=100');
    const expired = await api<Doc[]>('GET', '/v1/saleinvoices?Status=Expired&PageSize=100');
    const toSend = await api<Doc[]>('GET', '/v1/saleinvoices?Status=ToSend&PageSize=100');
    const creditDrafts = (await api<(Doc & { isDraft: boolean })[]>('GET', '/v1/salecredits?PageSize=100')).filter((d) => d.isDraft);
    const byMonth = new Map<string, number>();
    for (const d of invoices.filter((i) => i.number))
      byMonth.set(d.date.slice(0, 7), (byMonth.get(d.date.slice(0, 7)) ?? 0) + cents(d.taxExcludedAmount));
    for (const d of credits.filter((c) => c.number))
      byMonth.set(d.date.slice(0, 7), (byMonth.get(d.date.slice(0, 7)) ?? 0) - cents(d.taxExcludedAmount));
    const cash = new Map<string, number>();
    for (const r of receipts) cash.set(r.date.slice(0, 7), (cash.get(r.date.slice(0, 7)) ?? 0) + cents(r.amount));
    const sum = (list: Doc[]) => list.reduce((s, d) => s + cents(d.balance), 0);
    // The test's own figures agree with the API before the page is compared with either.
    expect(sum(incoming)).toBe(120_000);
    expect(expired.map((d) => d.number).sort()).toEqual([docs.a.number, docs.b.number, docs.c2.number].sort());
    expect(sum(expired)).toBe(10_000 + 24_000 + 3_630);
    expect([...byMonth.values()].reduce((s, v) => s + v, 0)).toBe(138_025 - 1_000);
    expect([...cash.values()].reduce((s, v) => s + v, 0)).toBe(2_000 + 6_000 - 200);

    // The page's budget (docs/console.md): the session, the checklist's four, and one for every figure.
    const calls: string[] = [];
    const count = (r: { url(): string }) => {
      if (r.url().includes('/v1/')) calls.push(r.url());
    };
    web.page.on('request', count);
    const started = Date.now();
    await open('dashboard', 'Tableau de bord');
    await web.page.getByTestId('revenue').waitFor();
    const elapsed = Date.now() - started;
    web.page.off('request', count);
    expect(calls.length, calls.join('\n')).toBe(6);
    expect(
      calls.filter((u) => new URL(u).pathname === '/v1/dashboard'),
      calls.join('\n'),
    ).toHaveLength(1);
    console.info(`dashboard [${ctx.dialect}]: ${calls.length} API requests, shown in ${elapsed} ms`);
    for (const [month, value] of byMonth) expect(await text(`[data-testid=revenue] tr[data-month="${month}"] td`)).toBe(euros(value / 100));
    expect(await web.page.locator('[data-testid=revenue] tbody tr').count()).toBe(12);
    expect(await text('[data-testid=revenue-total]')).toBe(euros(1370.25));
    for (const [month, value] of cash) expect(await text(`[data-testid=cash] tr[data-month="${month}"] td`)).toBe(euros(value / 100));
    expect(await text('[data-testid=cash-total]')).toBe(euros(78));
    expect(await text('[data-testid=due-total]')).toBe(euros((sum(incoming) + sum(expired)) / 100));
    expect(await text('[data-testid=due-total]')).toBe(euros(1576.3));
    expect(await text('[data-testid=overdue-total]')).toBe(euros(376.3));
    expect(await text('[data-testid=aging-notDue] .aging-value')).toBe(euros(1200));
    expect(await text('[data-testid=aging-upTo30] .aging-value')).toBe(euros(36.3));
    expect(await text('[data-testid=aging-upTo60] .aging-value')).toBe(euros(240));
    expect(await text('[data-testid=aging-over60] .aging-value')).toBe(euros(100));
    const waiting = web.page.getByTestId('waiting');
    expect(await waiting.getByRole('link', { name: 'Factures en brouillon : 1' }).getAttribute('href')).toBe('#/invoices?status=Draft');
    expect(await waiting.getByRole('link', { name: 'Factures en retard : 3' }).getAttribute('href')).toBe('#/invoices?status=Expired');
    expect(toSend.length).toBe(5);
    expect(await waiting.getByRole('link', { name: `Factures à envoyer : ${toSend.length}` }).getAttribute('href')).toBe(
      '#/invoices?status=ToSend',
    );
    expect(creditDrafts.length).toBe(1);
    expect(await waiting.getByRole('link', { name: `Avoirs en brouillon : ${creditDrafts.length}` }).getAttribute('href')).toBe(
      '#/credits?status=Draft',
    );
    // The oldest overdue first, linking to the invoice.
    expect(await waiting.locator('h3 + ul li a').first().textContent()).toBe(docs.a.number);
    await accessible('dashboard');
    await shot('dashboard', { fullPage: true });
    await web.page.setViewportSize({ width: 390, height: 844 });
    await accessible('dashboard on a phone');
    expect(
      await web.page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await shot('phone-dashboard');
    await web.page.setViewportSize({ width: 1200, height: 800 });

    // The credit drafts' count leads to the credit note list filtered on drafts (Status=Draft): exactly them.
    const drafts = await api<Doc[]>('GET', '/v1/salecredits?Status=Draft&PageSize=100');
    expect(drafts.map((d) => d.id)).toEqual(creditDrafts.map((d) => d.id));
    await waiting.getByRole('link', { name: `Avoirs en brouillon : ${creditDrafts.length}` }).click();
    await web.page.getByRole('heading', { name: 'Avoirs', exact: true }).waitFor();
    await expect.poll(() => web.page.url()).toMatch(/#\/credits\?status=Draft$/);
    const filters = web.page.getByRole('navigation', { name: 'Statut' });
    expect(await filters.locator('[aria-current=true]').textContent()).toBe('Brouillon');
    const rows = web.page.locator('main table tbody tr');
    await expect.poll(() => rows.count()).toBe(drafts.length);
    expect(await rows.first().textContent()).toContain('Client de passage');
    expect(await web.page.locator('main table tbody').textContent()).not.toContain(docs.credit.number);
    await accessible('credit notes filtered on drafts');
    await filters.getByRole('link', { name: 'Tous' }).click();
    const all = await api<Doc[]>('GET', '/v1/salecredits?PageSize=20');
    expect(all.length).toBeGreaterThan(drafts.length);
    await expect.poll(() => rows.count()).toBe(all.length);
  }, 120_000);

  it('searches the invoice list by number, customer and amount, and everything from the header', async () => {
    const other = (await api<{ id: number }>('POST', '/v1/customers', { companyName: 'Garage Durand' })).id;
    const durand = await api<Doc>('POST', '/v1/saleinvoices', { customerId: other, lines: [service(80)] });
    await open('invoices', 'Factures');
    const search = web.page.getByLabel('Recherche (numéro, client, montant)');
    const rows = web.page.locator('main table tbody tr');
    await search.fill('durand');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('td').nth(2).textContent()).toBe('Garage Durand');
    await search.fill(docs.b.number);
    await expect.poll(() => rows.locator('td a').allTextContents()).toEqual([docs.b.number]);
    await search.fill('1 200,00');
    await expect.poll(() => rows.locator('td a').allTextContents()).toEqual([docs.d.number]);
    await search.fill('martin');
    await expect.poll(() => rows.count()).toBe(6);
    await search.fill('personne');
    await web.page.getByText('Rien à afficher.').waitFor();
    await accessible('invoice search');

    await web.page.getByLabel('Recherche globale').fill('durand');
    await web.page.getByLabel('Recherche globale').press('Enter');
    await web.page.getByRole('heading', { name: 'Résultats pour « durand »' }).waitFor();
    await web.page.getByTestId('found-customers').waitFor();
    expect(await web.page.getByTestId('found-customers').getByRole('link').allTextContents()).toEqual(['Garage Durand']);
    expect(await web.page.getByTestId('found-invoices').getByRole('heading').textContent()).toBe('Factures (1)');
    expect(await web.page.getByTestId('found-invoices').getByRole('link').getAttribute('href')).toBe(`#/invoices/${durand.id}`);
    expect(await web.page.getByTestId('found-credits').textContent()).toContain('Aucun résultat.');
    await accessible('global search');
    await shot('search');
    await web.page.setViewportSize({ width: 390, height: 844 });
    await accessible('global search on a phone');
    expect(
      await web.page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await shot('phone-search');
    await web.page.setViewportSize({ width: 1200, height: 800 });
    await web.page.getByTestId('found-customers').getByRole('link', { name: 'Garage Durand' }).click();
    await web.page.getByRole('heading', { name: 'Garage Durand', level: 1 }).waitFor();
  }, 90_000);

  it("shows a customer's documents, balance and payments equal to the API's", async () => {
    // A number given after the payments: the page finds them by the customer's id all the same.
    await api('PUT', `/v1/customers/${martin}`, { number: 'C-MARTIN' });
    // From an invoice, its customer's name leads to the customer's page.
    await open(`invoices/${docs.a.id}`, docs.a.number);
    await web.page.locator('dl.facts').getByRole('link', { name: 'Boulangerie Martin' }).click();
    await web.page.getByRole('heading', { name: 'Boulangerie Martin', level: 1 }).waitFor();
    expect(web.page.url()).toBe(`${web.base}/console/#/customers/${martin}/account`);
    await web.page.getByTestId('customer-figures').waitFor();
    // The figures are the server's: GET /v1/dashboard?CustomerId=, lateness from the account's day.
    const figures = await api<{ today: string; due: { total: number; overdue: number }; toRefund: number; revenue: number; cash: number }>(
      'GET',
      `/v1/dashboard?CustomerId=${martin}`,
    );
    expect(figures.today).toBe(accountDay());
    expect(await text('[data-testid=customer-today]')).toBe(`Au ${figures.today.split('-').reverse().join('/')} (jour du compte)`);
    const expired = await api<Doc[]>('GET', `/v1/saleinvoices?CustomerId=${martin}&Status=Expired&PageSize=100`);
    const incoming = await api<Doc[]>('GET', `/v1/saleinvoices?CustomerId=${martin}&Status=Incoming&PageSize=100`);
    const balances = (list: Doc[]) => list.reduce((s, d) => s + cents(d.balance), 0);
    // The invoice due yesterday in the account's day is overdue, in the API and on the page.
    expect(expired.map((d) => d.id)).toContain(docs.c2.id);
    expect(cents(figures.due.overdue)).toBe(balances(expired));
    expect(cents(figures.due.overdue)).toBe(10_000 + 24_000 + 3_630);
    expect(await text('[data-testid=customer-overdue]')).toBe(euros(376.3));
    expect(cents(figures.due.total)).toBe(balances(expired) + balances(incoming));
    expect(await text('[data-testid=customer-due]')).toBe(euros(1576.3));
    const credits = await api<(Doc & { isDraft: boolean })[]>('GET', `/v1/salecredits?CustomerId=${martin}&PageSize=100&Cancelled=All`);
    expect(cents(figures.toRefund)).toBe(balances(credits.filter((d) => !d.isDraft)));
    expect(await text('[data-testid=customer-credit]')).toBe(euros(10));
    expect(await text('[data-testid=customer-invoiced]')).toBe(euros(1370.25));
    expect(await text('[data-testid=customer-received]')).toBe(euros(78));
    // A page of ten invoices (the draft too) at a time: Martin has eleven with five more drafts.
    for (let i = 0; i < 5; i++) await api('POST', '/v1/saleinvoices', { customerId: martin, lines: [service(1 + i)] });
    const allInvoices = await api<Doc[]>('GET', `/v1/saleinvoices?CustomerId=${martin}&PageSize=100&Cancelled=All`);
    expect(allInvoices).toHaveLength(11);
    await web.page.reload();
    const invoicesSection = web.page.getByTestId('customer-invoices');
    await invoicesSection.locator('.pager').waitFor();
    expect(await invoicesSection.locator('tbody tr').count()).toBe(10);
    expect((await text('[data-testid=customer-invoices] .pager span')).replace(NBSP, ' ')).toBe('Page 1 sur 2 · 11 éléments');
    await invoicesSection.getByRole('button', { name: 'Suivant' }).click();
    await invoicesSection.getByText('Page 2 sur 2 · 11 éléments').waitFor();
    expect(await invoicesSection.locator('tbody tr').count()).toBe(1);
    await invoicesSection.getByRole('button', { name: 'Précédent' }).click();
    await invoicesSection.getByText('Page 1 sur 2 · 11 éléments').waitFor();
    expect(await web.page.getByTestId('customer-credits').getByRole('link').allTextContents()).toEqual([docs.credit.number]);
    const payments = web.page.getByTestId('customer-payments').locator('tbody tr');
    expect(await payments.count()).toBe(3);
    expect((await payments.allTextContents()).map((r) => r.replace(NBSP, ' '))).toEqual(
      expect.arrayContaining([expect.stringContaining('Chèque'), expect.stringContaining(euros(-2))]),
    );
    await accessible('customer page');
    await web.page.getByRole('link', { name: 'Nouvelle facture' }).click();
    await web.page.getByRole('heading', { name: 'Nouvelle facture', level: 1 }).waitFor();
    expect(await web.page.getByLabel('Client').inputValue()).toBe(String(martin));
    await web.page.goBack();
    await web.page.getByTestId('customer-figures').waitFor();
    await shot('customer-account-paged', { fullPage: true });
    await web.page.setViewportSize({ width: 390, height: 844 });
    await accessible('customer page on a phone');
    expect(
      await web.page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await shot('phone-customer-account-paged');
    await web.page.setViewportSize({ width: 1200, height: 800 });
  }, 90_000);

  it('offsets a partial credit against its invoice from the credit page: both balances drop, both show the link', async () => {
    const draft = await api<Doc>('POST', '/v1/salecredits', { customerId: martin, cancelledInvoicetId: docs.b.id, lines: [service(20)] });
    const credit = await api<Doc>('POST', `/v1/salecredits/finalize/${draft.id}`);
    expect(credit.balance).toBe(24);
    await open(`credits/${credit.id}`, credit.number);
    await web.page.getByRole('button', { name: 'Imputer sur une facture' }).click();
    const dialog = web.page.getByRole('dialog', { name: 'Imputer sur une facture' });
    // The invoice the credit corrects is proposed first, with what can be offset.
    expect(await dialog.getByLabel('Facture').inputValue()).toBe(String(docs.b.id));
    expect(await dialog.getByLabel('Montant imputé').inputValue()).toBe('24');
    await shot('credit-offset');
    await web.page.setViewportSize({ width: 390, height: 844 });
    await accessible('offset dialog on a phone');
    expect(await dialog.evaluate((d) => d.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await shot('phone-credit-offset');
    await web.page.setViewportSize({ width: 1200, height: 800 });
    await dialog.getByLabel('Montant imputé').fill('30');
    await dialog.getByRole('button', { name: 'Imputer', exact: true }).click();
    // More than the credit holds: refused beside the amount, nothing written.
    await dialog.locator('.field-error').waitFor();
    expect(await dialog.locator('.field-error').textContent()).toBe(
      `Plus que ce qui reste sur l’avoir ${credit.number} : 24,00 € au plus (30,00 € demandés).`,
    );
    expect((await api<Doc>('GET', `/v1/saleinvoices/${docs.b.id}`)).balance).toBe(240);
    await accessible('offset dialog');
    await dialog.getByLabel('Montant imputé').fill('24');
    await dialog.getByRole('button', { name: 'Imputer', exact: true }).click();
    await expect.poll(() => text('[data-testid=balance]')).toBe(euros(0));
    const creditPayments = web.page.getByTestId('payments');
    expect((await creditPayments.textContent())?.replace(NBSP, ' ')).toContain(`Imputation · ${euros(24)}`);
    await creditPayments.getByRole('link', { name: `facture ${docs.b.number}` }).click();
    await web.page.getByRole('heading', { name: docs.b.number, level: 1 }).waitFor();
    await expect.poll(() => text('[data-testid=balance]')).toBe(euros(216));
    await web.page
      .getByTestId('payments')
      .getByRole('link', { name: `avoir ${credit.number}` })
      .waitFor();

    expect(await api<Doc>('GET', `/v1/saleinvoices/${docs.b.id}`)).toMatchObject({ balance: 216, isPaid: false });
    expect(await api<Doc>('GET', `/v1/salecredits/${credit.id}`)).toMatchObject({ balance: 0, isPaid: true });
    const [offset] = await api<{ amount: number; links: unknown[] }[]>('GET', `/v1/receipts?query=${encodeURIComponent(credit.number)}`);
    expect(offset).toMatchObject({
      amount: 0,
      links: [
        { type: 'Invoice', id: docs.b.id, amount: 24 },
        { type: 'Credit', id: credit.id, amount: -24 },
      ],
    });
  }, 90_000);
});
