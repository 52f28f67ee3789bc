// The console's pages for what only the API offered (issue #31), in Debian's chromium on each database:
// the commitments and settlements views (#/ledgers) show the API's entries and totals to the cent,
// filter by kind and due date, page, and link each entry to its document.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../helpers/multipart.js';
import { salesClient, simpleLine, type DocBody } from '../helpers/sales.js';
import { describeConsole, expectAccessible, NBSP } from './browser.js';

const UBL = readFileSync(new URL('../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));

/** An amount as the console writes it in French (1 234,50 €), with plain spaces. */
const euros = (value: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value).replace(NBSP, ' ');
const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Waits for what the page or the API shows (autosave waits 600 ms, then a loaded machine answers). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const sumCents = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0);

interface Commitment {
  type: string;
  id: number;
  reference: string | null;
  dueDate: string;
  amount: number;
  dueAmount: number;
}
interface Settlement {
  type: string;
  id: number;
  date: string;
  amount: number;
  reference: string | null;
}

describeConsole('web console in a browser: commitments, settlements, deposits, the line editor', { user: 'registres' }, (web) => {
  const { ctx } = web;
  let customerId: number;
  const docs: Record<string, DocBody> = {};
  const ids: Record<string, number> = {};

  const api = async <T = DocBody>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  };
  /** The rows of the ledger table as the page shows them (spaces made plain). */
  const rows = async () => (await web.page.getByTestId('ledger').locator('tbody tr').allTextContents()).map((r) => r.replace(NBSP, ' '));
  const text = async (testId: string) => ((await web.page.getByTestId(testId).textContent()) ?? '').replace(NBSP, ' ');

  beforeAll(async () => {
    const sales = salesClient(ctx, web.account);
    customerId = await sales.customer({ companyName: 'Boulangerie Martin' });
    docs.big = await sales.finalized('Invoice', { customerId, lines: [simpleLine(1000)] });
    await api('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.big.id, amount: 200.5, paymentMethod: 'Check' });
    docs.small = await sales.finalized('Invoice', {
      customerId,
      lines: [{ type: 'Service', description: 'Conseil', quantity: 1, taxExcludedPrice: 45.67, vat: { rate: 5.5 } }],
    });
    docs.credit = await sales.finalized('Credit', { customerId, lines: [simpleLine(10)] });
    // Enough unpaid invoices for a second page (20 entries a page).
    for (let i = 0; i < 16; i++) await sales.finalized('Invoice', { customerId, lines: [simpleLine(1 + i)] });
    const upload = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...web.account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'inv.xml', type: 'application/xml', content: UBL }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    ids.purchase = upload.json<{ id: number }>().id;
    ids.payment = (await api('POST', '/v1/supplierpayments', { amount: 300, date: '2026-01-10', links: [{ id: ids.purchase }] })).id;
    const colleagueId = (await api('POST', '/v1/colleagues', { firstName: 'Jeanne', lastName: 'Martin' })).id;
    const report = await api('POST', '/v1/expensereports', {
      colleagueId,
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      title: 'Février',
      lines: [{ date: '2026-02-04', vats: [{ rate: 10, taxExcludedAmount: 38.18 }] }],
    });
    for (const action of ['submit', 'approve']) await api('POST', `/v1/expensereports/${report.id}/${action}`);
    ids.report = report.id;
  }, 180_000);

  it('the commitments show the API’s entries and totals to the cent, page by page; a kind and a due date narrow them', async () => {
    const all = await api<Commitment[]>('GET', '/v1/commitments?PageSize=100');
    expect(all.length).toBe(21); // 18 unpaid invoices, the credit, the purchase invoice, the report
    await web.page.goto(`${web.base}/console/#/ledgers`);
    await web.page.getByRole('heading', { name: 'Échéances et règlements' }).waitFor();
    await poll(async () => (await rows()).length).toBe(20);
    const first = await rows();
    // Earliest due first, as the API lists them: the first page is the API's first 20.
    all.slice(0, 20).forEach((c, i) => {
      expect(first[i], c.reference ?? '').toContain(frenchDate(c.dueDate));
      expect(first[i]).toContain(c.reference ?? '');
      expect(first[i]).toContain(euros(c.dueAmount));
    });
    expect(await text('total-Customer')).toBe(euros(sumCents(all.filter((c) => c.type === 'Customer').map((c) => c.dueAmount)) / 100));
    expect(await text('total-Supplier')).toBe(euros(500));
    expect(await text('total-Colleague')).toBe(euros(42));
    const net = sumCents(all.filter((c) => c.type === 'Customer').map((c) => c.dueAmount)) - 50000 - 4200;
    expect(await text('total-net')).toBe(euros(net / 100));
    await web.page.getByText('21 écriture(s) pour ces critères.').waitFor();
    // The credit: negative, linked to the credit note.
    const creditRow = web.page.getByTestId('ledger').locator('tr', { hasText: docs.credit.number as string });
    expect((await creditRow.textContent())?.replace(NBSP, ' ')).toContain(euros(-12));
    await expectAccessible(web.page, 'échéances');

    await web.page.getByRole('button', { name: 'Suivant' }).click();
    await poll(async () => (await rows()).length).toBe(1);
    expect((await rows())[0]).toContain(all[20].reference ?? '');

    // Only the suppliers: the API's one entry, its total, the overdue mark (due 20/05/2024).
    await web.page.getByLabel('Clients').uncheck();
    await web.page.getByLabel('Collaborateurs').uncheck();
    await poll(async () => (await rows()).length).toBe(1);
    const supplier = (await rows())[0];
    expect(supplier).toContain('INV-2024-9');
    expect(supplier).toContain(euros(800));
    expect(supplier).toContain(euros(500));
    expect(supplier).toContain('En retard');
    expect(await web.page.getByTestId('total-Customer').count()).toBe(0);
    expect(await text('total-Supplier')).toBe(euros(500));

    // Customers again, due from a date: only the API's entries due from then.
    await web.page.getByLabel('Clients').check();
    await web.page.getByLabel('Fournisseurs').uncheck();
    const cut = all.find((c) => c.type === 'Customer')!.dueDate;
    const fromCut = await api<Commitment[]>('GET', `/v1/commitments?types=Customer&From=${cut}&PageSize=100`);
    await web.page.getByLabel('Échéance du').fill(frenchDate(cut));
    await web.page.getByLabel('Échéance au').fill('01/01/2020');
    await web.page.getByText('La date de fin précède la date de début.').waitFor();
    expect(await web.page.getByLabel('Échéance au').getAttribute('aria-invalid')).toBe('true');
    await web.page.getByLabel('Échéance au').fill('');
    await web.page.getByText(`${fromCut.length} écriture(s) pour ces critères.`).waitFor();
    expect(await text('total-Customer')).toBe(euros(sumCents(fromCut.map((c) => c.dueAmount)) / 100));
    await web.page.getByLabel('Échéance du').fill('31/12/2099');
    await web.page.getByText('Aucune écriture pour ces critères.').waitFor();
    await web.page.getByRole('button', { name: 'Effacer les dates' }).click();
    // The customers' 19 entries (18 invoices, the credit), the dates taken away.
    await poll(async () => (await rows()).length).toBe(19);
    expect(await web.page.getByLabel('Échéance du').inputValue()).toBe('');
  });

  it('each commitment links to its document: sale invoice, credit note, supplier invoice, expense report', async () => {
    for (const [name, title] of [
      [`Facture ${docs.small.number as string}`, docs.small.number as string],
      [`Avoir ${docs.credit.number as string}`, docs.credit.number as string],
      ['Facture fournisseur INV-2024-9', /INV-2024-9/],
      ['Note de frais Février', /Février/],
    ] as const) {
      await web.page.goto(`${web.base}/console/#/ledgers`);
      await web.page.getByRole('link', { name, exact: true }).first().click({ timeout: 20_000 });
      await poll(async () => (await web.page.locator('main h1').textContent())?.trim()).toMatch(title);
    }
  });

  it('the settlements show the API’s receipts, supplier payments and their totals, each linking to what it paid', async () => {
    const all = await api<Settlement[]>('GET', '/v1/settlements?PageSize=100');
    expect(all.map((s) => s.type).sort()).toEqual(['CustomerReceipt', 'SupplierPayment']);
    await web.page.goto(`${web.base}/console/#/ledgers`);
    await web.page.getByRole('link', { name: 'Règlements' }).click();
    await poll(async () => (await rows()).length).toBe(2);
    const shown = await rows();
    all.forEach((s, i) => {
      expect(shown[i]).toContain(frenchDate(s.date));
      expect(shown[i]).toContain(euros(s.amount));
    });
    expect(await text('total-in')).toBe(euros(200.5));
    expect(await text('total-out')).toBe(euros(-300));
    expect(await text('total-net')).toBe(euros(-99.5));
    await expectAccessible(web.page, 'règlements');
    await web.page.getByLabel('Encaissements clients').uncheck();
    await poll(async () => (await rows()).length).toBe(1);
    expect(await text('total-net')).toBe(euros(-300));
    await web.page.getByLabel('Encaissements clients').check();
    await web.page.getByRole('link', { name: `Facture ${docs.big.number as string}` }).click();
    await poll(async () => (await web.page.locator('main h1').textContent())?.trim()).toBe(docs.big.number);
    await web.page.goBack();
    await web.page.getByRole('link', { name: `Facture fournisseur #${ids.purchase}` }).click();
    await poll(async () => (await web.page.locator('main h1').textContent())?.trim()).toMatch(/INV-2024-9/);
  });

  it('an accepted quote’s deposit invoices: by percentage and amount, refusals in French beside the field, listed, deducted by the final invoice', async () => {
    const quote = await api('POST', '/v1/salequotes', {
      customerId,
      lines: [
        { type: 'Service', description: 'Étude', quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } },
        { type: 'Product', description: 'Farine', quantity: 4, taxExcludedPrice: 50, vat: { rate: 5.5 } },
      ],
    });
    expect(quote.taxIncludedAmount).toBe(1411);
    await api('POST', `/v1/salequotes/accept/${quote.id}`);
    const depositIds = async () => (await api('GET', `/v1/salequotes/${quote.id}`)).depositInvoiceIds as number[];
    const value = () => web.page.getByTestId('deposit-form').getByRole('textbox');
    const beside = async () => {
      expect(await value().getAttribute('aria-invalid')).toBe('true');
      const described = (await value().getAttribute('aria-describedby')) ?? '';
      return ((await web.page.locator(`[id="${described.split(' ')[0]}"]`).textContent()) ?? '').replace(NBSP, ' ');
    };
    await web.page.goto(`${web.base}/console/#/quotes/${quote.id}`);
    await web.page.getByText('Aucune facture d’acompte sur ce devis.').waitFor();

    // Not a number: refused before sending; more than 100 %: the API's refusal, in French, beside the field.
    await web.page.getByLabel('Pourcentage (%)').fill('trente');
    await web.page.getByRole('button', { name: 'Facturer l’acompte' }).click();
    await poll(beside).toBe('Un nombre est attendu.');
    await web.page.getByLabel('Pourcentage (%)').fill('150');
    await web.page.getByRole('button', { name: 'Facturer l’acompte' }).click();
    await poll(beside).toBe('Un pourcentage d’acompte est supérieur à 0 et au plus 100.');
    expect(await depositIds()).toEqual([]);
    await expectAccessible(web.page, 'acompte refusé');

    // 30 %: the deposit invoice draft of 423,30 € (1 411,00 × 30 %), the page the API's.
    await web.page.getByLabel('Pourcentage (%)').fill('30');
    await web.page.getByRole('button', { name: 'Facturer l’acompte' }).click();
    await web.page.getByText('Facture d’acompte du devis').waitFor();
    const [firstId] = await depositIds();
    const first = await api('GET', `/v1/saleinvoices/${firstId}`);
    expect(first).toMatchObject({ isDeposit: true, isDraft: true, quoteId: quote.id, taxIncludedAmount: 423.3 });
    await poll(() => text('total-ttc')).toBe(euros(423.3));
    const firstNumber = (await api('POST', `/v1/saleinvoices/finalize/${firstId}`)).number as string;

    // Back on the quote: listed, finalized, with what is left; an amount beyond it refused beside the field.
    await web.page.goto(`${web.base}/console/#/quotes/${quote.id}`);
    await web.page.getByTestId('deposit-list').getByRole('link', { name: firstNumber }).waitFor();
    expect((await web.page.getByTestId('deposit-list').locator('tbody tr').textContent())?.replace(NBSP, ' ')).toContain(
      `Finalisée${euros(423.3)}`,
    );
    expect((await api('GET', `/v1/salequotes/${quote.id}`)).balance).toBe(987.7);
    expect(await text('quote-left')).toBe(euros(987.7));
    await web.page.getByLabel('Acompte en').selectOption('Fixed');
    await web.page.getByLabel('Montant TTC (€)').fill('1 000');
    await web.page.getByRole('button', { name: 'Facturer l’acompte' }).click();
    await poll(beside).toBe(
      `L’acompte (${euros(1000)}) dépasse ce qui reste du devis après les acomptes déjà facturés : ${euros(987.7)} au plus, sur un total de ${euros(1411)}.`,
    );
    expect(await depositIds()).toEqual([firstId]);

    // A fixed 100,25: a second draft; while it is a draft, the final invoice is refused in French.
    await web.page.getByLabel('Montant TTC (€)').fill('100,25');
    await web.page.getByRole('button', { name: 'Facturer l’acompte' }).click();
    await web.page.getByText('Facture d’acompte du devis').waitFor();
    const secondId = (await depositIds())[1];
    expect(await api('GET', `/v1/saleinvoices/${secondId}`)).toMatchObject({ isDeposit: true, taxIncludedAmount: 100.25 });
    await web.page.goto(`${web.base}/console/#/quotes/${quote.id}`);
    await web.page
      .getByTestId('deposit-list')
      .getByRole('link', { name: `Brouillon #${secondId}` })
      .waitFor();
    await web.page.getByRole('button', { name: 'Créer la facture', exact: true }).click();
    await web.page
      .getByRole('alert')
      .getByText('Une facture d’acompte de ce devis est encore un brouillon : finalisez-la ou supprimez-la avant de créer la facture.')
      .waitFor();
    const secondNumber = (await api('POST', `/v1/saleinvoices/finalize/${secondId}`)).number as string;

    // The final invoice: the full 1 411,00, both deposits deducted and linked, the API's net to pay.
    await web.page.reload();
    await web.page.getByRole('button', { name: 'Créer la facture', exact: true }).click();
    await web.page.getByTestId('deposit-deduction').waitFor();
    const finalId = (await api('GET', `/v1/salequotes/${quote.id}`)).invoiceId as number;
    const final = await api('GET', `/v1/saleinvoices/${finalId}`);
    expect(final).toMatchObject({ taxIncludedAmount: 1411, prepaidAmount: 523.55, balance: 887.45 });
    expect(await text('total-ttc')).toBe(euros(1411));
    expect(await text('net-to-pay')).toBe(euros(887.45));
    const deduction = (await web.page.getByTestId('deposit-deduction').textContent())?.replace(NBSP, ' ') ?? '';
    expect(deduction).toContain(`Acompte ${firstNumber}`);
    expect(deduction).toContain(euros(-423.3));
    expect(deduction).toContain(`Acompte ${secondNumber}`);
    expect(deduction).toContain(euros(-100.25));
    await expectAccessible(web.page, 'facture finale');
    await web.page.getByRole('link', { name: `Acompte ${secondNumber}` }).click();
    await poll(async () => (await web.page.locator('main h1').textContent())?.trim()).toBe(secondNumber);
  });

  it('the draft editor edits a line’s unit, date and discount (percentage or amount), each read back from the API, totals the API’s; bad values refused in French beside the field', async () => {
    const draft = await api('POST', '/v1/saleinvoices', {
      customerId,
      lines: [{ type: 'Service', description: 'Maintenance', quantity: 2, taxExcludedPrice: 150, vat: { rate: 20 } }],
    });
    type Stored = {
      taxExcludedAmount: number;
      taxIncludedAmount: number;
      lines: {
        unit: { code: string | null } | null;
        date: string | null;
        discount: { type: string; value: number } | null;
        taxExcludedAmount: number;
      }[];
    };
    const stored = () => api<Stored>('GET', `/v1/saleinvoices/${draft.id}`);
    const line = web.page.getByRole('group', { name: 'Ligne 1' });
    /** The message tied to a field (aria-describedby), once the field is marked invalid. */
    const besideField = async (label: string) => {
      const field = line.getByLabel(label, { exact: true });
      if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
      // The error comes first among the descriptions (a date field's hint follows it).
      const [id] = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
      return ((await web.page.locator(`[id="${id}"]`).textContent()) ?? '').replace(NBSP, ' ');
    };
    const totalsMatch = async () => {
      const doc = await stored();
      await poll(() => text('total-ht')).toBe(euros(doc.taxExcludedAmount));
      expect(await text('total-ttc')).toBe(euros(doc.taxIncludedAmount));
      return doc;
    };
    await web.page.goto(`${web.base}/console/#/invoices/${draft.id}`);
    await line.waitFor();
    expect(await line.getByLabel('Unité').inputValue()).toBe('');

    // The unit from /v1/units, the line's date typed day first.
    await line.getByLabel('Unité').selectOption({ label: 'Heure' });
    await poll(async () => (await stored()).lines[0].unit?.code).toBe('HUR');
    await line.getByLabel('Date de la ligne').fill('15/11/2026');
    await poll(async () => (await stored()).lines[0].date).toBe('2026-11-15');

    // A fixed discount of 25,50 excl. tax: 300 − 25,50 = 274,50 HT, 329,40 TTC.
    await line.getByLabel('Type de remise').selectOption('Fixed');
    await line.getByLabel('Remise HT (€)').fill('25,50');
    await poll(async () => (await stored()).lines[0].discount).toEqual({ type: 'Fixed', value: 25.5 });
    let doc = await totalsMatch();
    expect(doc).toMatchObject({ taxExcludedAmount: 274.5, taxIncludedAmount: 329.4 });
    expect(doc.lines[0].taxExcludedAmount).toBe(274.5);

    // The same line as a percentage: 12,5 % of 300 = 262,50 HT.
    await line.getByLabel('Type de remise').selectOption('Percent');
    await line.getByLabel('Remise (%)').fill('12,5');
    await poll(async () => (await stored()).lines[0].discount).toEqual({ type: 'Percent', value: 12.5 });
    doc = await totalsMatch();
    expect(doc).toMatchObject({ taxExcludedAmount: 262.5, taxIncludedAmount: 315 });

    // Bad values: a day that does not exist (refused in the page), more than 100 % and a discount larger
    // than the line (refused by the API), each said in French beside its field; the API keeps what it had.
    await line.getByLabel('Date de la ligne').fill('31/11/2026');
    await poll(() => besideField('Date de la ligne')).toBe('Date invalide : jj/mm/aaaa, par exemple 24/11/2026');
    await line.getByLabel('Remise (%)').fill('120');
    await poll(() => besideField('Remise (%)')).toBe('Une remise en pourcentage est de 100 % au plus.');
    await line.getByLabel('Remise (%)').fill('500');
    await line.getByLabel('Type de remise').selectOption('Fixed');
    await poll(() => besideField('Remise HT (€)')).toBe(
      `La remise (${euros(500)}) dépasse le montant auquel elle s’applique (${euros(300)}).`,
    );
    expect(await web.page.getByRole('alert').first().textContent()).not.toMatch(/exceeds|lines\[/);
    await expectAccessible(web.page, 'line refused');
    doc = await stored();
    expect(doc.lines[0]).toMatchObject({
      date: '2026-11-15',
      discount: { type: 'Percent', value: 12.5 },
      unit: expect.objectContaining({ code: 'HUR' }),
    });

    // Corrected: a fixed 30 and another day; the unit taken away.
    await line.getByLabel('Remise HT (€)').fill('30');
    await line.getByLabel('Date de la ligne').fill('16/11/2026');
    await line.getByLabel('Unité').selectOption('');
    await poll(async () => {
      const l = (await stored()).lines[0];
      return [l.discount, l.date, l.unit];
    }).toEqual([{ type: 'Fixed', value: 30 }, '2026-11-16', null]);
    doc = await totalsMatch();
    expect(doc).toMatchObject({ taxExcludedAmount: 270, taxIncludedAmount: 324 });
    expect(await besideField('Remise HT (€)')).toBeNull();
    // Read again, the page shows what the API keeps.
    await web.page.reload();
    await line.waitFor();
    expect(await line.getByLabel('Type de remise').inputValue()).toBe('Fixed');
    expect(await line.getByLabel('Remise HT (€)').inputValue()).toBe('30');
    expect(await line.getByLabel('Date de la ligne').inputValue()).toBe('16/11/2026');
    expect(await line.getByLabel('Unité').inputValue()).toBe('');
  });

  it('on a phone the ledgers fit the screen', async () => {
    await web.page.setViewportSize({ width: 390, height: 844 });
    await web.page.goto(`${web.base}/console/#/ledgers`);
    await poll(async () => (await rows()).length).toBe(20);
    const width = await web.page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(391);
    await web.page.setViewportSize({ width: 1200, height: 800 });
  });
});
