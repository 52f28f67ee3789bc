// The accountant's and back-office pages of the console (issue #31), in Debian's chromium on each
// database, each page's main action checked against the API: the FEC downloaded (the same bytes and
// name as GET /v1/exports/fec), a bank account added, a CSV statement imported with its column mapping
// and a transaction reconciled with the suggested receipt, a supplier's XML invoice uploaded (read,
// listed, its original downloaded byte for byte), an expense report entered, submitted, approved and
// repaid, the e-mails sent listed and filtered by status. axe-core on each page; screenshots at desktop
// and phone sizes with CONSOLE_SCREENSHOTS=1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { salesClient, type DocBody } from '../helpers/sales.js';
import { describeConsole, expectAccessible, NBSP, screenshotBothSizes, SHOTS } from './browser.js';

const UBL = readFileSync(path.resolve(import.meta.dirname, '../fixtures/einvoicing/ubl-invoice.xml'));

describeConsole('web console in a browser: exports, bank, supplier invoices, expense reports, e-mails', { user: 'books' }, (web) => {
  const { ctx } = web;
  let invoice: DocBody;
  const text = async (selector: string) => ((await web.page.locator(selector).first().textContent()) ?? '').replaceAll(NBSP, ' ');
  const api = async <T>(url: string) => {
    const res = await ctx.inject({ method: 'GET', url, headers: web.account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  /**
   * The page is shown and the console has moved the focus to its title, as it does on every
   * navigation: typing before that could lose keys to the move.
   */
  const opened = async (title: string) => {
    await web.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await web.page.locator('h1:focus').waitFor();
  };
  const shoot = (name: string) => screenshotBothSizes(web.page, ctx.dialect, name);

  beforeAll(async () => {
    const sales = salesClient(ctx, web.account);
    const customerId = await sales.customer({ companyName: 'Dupont SARL', email: 'compta@dupont.example' });
    invoice = await sales.finalized('Invoice', {
      customerId,
      date: '2026-11-02',
      lines: [{ type: 'Service', description: 'Conseil', quantity: 2, taxExcludedPrice: 500, vat: { rate: 20 } }],
    });
    const sent = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/send/${invoice.id}`, headers: web.account.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.outbox.drain();
  }, 120_000);

  it('downloads the FEC of the year: the same file and name as the API gives', async () => {
    await web.page.goto(`${web.base}/console/#/exports`);
    await opened('Exports comptables');
    await web.page.getByLabel('Exercice (année)').fill('2026');
    await expectAccessible(web.page, 'exports');
    await shoot('exports');
    const [download] = await Promise.all([
      web.page.waitForEvent('download'),
      web.page.getByRole('button', { name: 'Télécharger le FEC' }).click(),
    ]);
    const fromApi = await ctx.inject({ method: 'GET', url: '/v1/exports/fec?year=2026&separator=Pipe', headers: web.account.headers });
    expect(fromApi.statusCode).toBe(200);
    expect(download.suggestedFilename()).toBe('123456782FEC20261231.txt');
    expect(fromApi.headers['content-disposition']).toContain('123456782FEC20261231.txt');
    const file = readFileSync(await download.path(), 'utf8');
    expect(file).toBe(fromApi.body);
    // The invoice is in it: 1 200,00 to 411 Clients.
    expect(file).toContain(`|${invoice.number}|20261102|`);
    expect(
      file
        .split('\r\n')
        .filter((l) => l.startsWith('VT|') && l.includes('|411'))
        .map((l) => l.split('|')[11]),
    ).toEqual(['1200,00']);
    expect(await text('[role=status]')).toBe('Fichier 123456782FEC20261231.txt téléchargé.');

    // Another export, in the French CSV, is the API's file too.
    await web.page.getByLabel('Données').selectOption('salesinvoices');
    await web.page.getByLabel('Format').selectOption('EuropeanCsv');
    const [csv] = await Promise.all([
      web.page.waitForEvent('download'),
      web.page.getByRole('button', { name: 'Télécharger', exact: true }).click(),
    ]);
    const csvApi = await ctx.inject({ method: 'GET', url: '/v1/exports/salesinvoices?format=EuropeanCsv', headers: web.account.headers });
    expect(csv.suggestedFilename()).toBe('factures-tout.csv');
    expect(readFileSync(await csv.path())).toEqual(csvApi.rawPayload);
    // A period: a day that does not exist is said under the field and nothing is asked; a real one
    // reaches the API (the file is named after it and holds no invoice of December).
    await web.page.getByLabel('Du (facultatif)').fill('31/02/2026');
    await web.page.getByText('Date invalide : jj/mm/aaaa, par exemple 24/11/2026').waitFor();
    expect(await web.page.getByRole('button', { name: 'Télécharger', exact: true }).isDisabled()).toBe(true);
    await web.page.getByLabel('Du (facultatif)').fill('01/12/2026');
    const [december] = await Promise.all([
      web.page.waitForEvent('download'),
      web.page.getByRole('button', { name: 'Télécharger', exact: true }).click(),
    ]);
    const decemberApi = await ctx.inject({
      method: 'GET',
      url: '/v1/exports/salesinvoices?format=EuropeanCsv&from=2026-12-01',
      headers: web.account.headers,
    });
    expect(december.suggestedFilename()).toBe('factures-depuis-2026-12-01.csv');
    expect(readFileSync(await december.path())).toEqual(decemberApi.rawPayload);
    expect(decemberApi.body).not.toContain(String(invoice.number));

    // Without a SIRET the API refuses the FEC: the page says so in French, with the way to the settings.
    const cleared = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: web.account.headers,
      payload: { company: { siret: null } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await web.page.getByRole('button', { name: 'Télécharger le FEC' }).click();
    await web.page
      .getByText('Le FEC porte le SIREN de l’entreprise : renseignez le SIRET dans les Paramètres, puis recommencez.')
      .waitFor();
    expect(await web.page.getByRole('link', { name: 'Ouvrir les Paramètres' }).getAttribute('href')).toBe('#/settings');
    const restored = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: web.account.headers,
      payload: { company: { siret: '12345678200010' } },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('adds a bank account, imports a CSV statement with its mapping and reconciles a transaction with the suggested receipt', async () => {
    const receipt = await ctx.inject({
      method: 'POST',
      url: '/v1/receipts',
      headers: web.account.headers,
      payload: { amount: 1200, date: '2026-11-04', reference: invoice.number, paymentMethod: 'Transfer' },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    await web.page.goto(`${web.base}/console/#/bank`);
    await opened('Banque');
    const form = web.page.getByTestId('new-bank-account');
    await form.getByLabel('Nom du compte').fill('Compte courant');
    await form.getByLabel('IBAN').fill('FR76 3000 4008 1900 0101 2345 633');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    // The API's mod-97 refusal, in French, under the field.
    await expect
      .poll(() => text('[data-testid=new-bank-account] .field-error'))
      .toBe('L’IBAN n’est pas valide : sa clé de contrôle ne correspond pas.');
    await form.getByLabel('IBAN').fill('FR76 3000 4008 1900 0101 2345 632');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await web.page.getByRole('link', { name: 'Compte courant' }).waitFor();
    await expectAccessible(web.page, 'bank accounts');
    await shoot('bank');

    await web.page.getByRole('link', { name: 'Compte courant' }).click();
    await web.page.getByRole('heading', { name: 'Compte courant' }).waitFor();
    const statement = `Date;Libellé;Montant\r\n05/11/2026;VIR SEPA DUPONT SARL ${String(invoice.number)};"1 200,00"\r\n06/11/2026;CB PAPETERIE;-35,40\r\n`;
    await web.page
      .getByLabel('Fichier du relevé')
      .setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(statement, 'utf8') });
    await web.page.getByLabel('Colonne de la date').fill('Date');
    await web.page.getByLabel('Colonne du libellé').fill('Libellé');
    await web.page.getByLabel('Colonne du montant (signé)').fill('Montant');
    await web.page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect
      .poll(() => text('[data-testid=statement-import] [role=status]'))
      .toBe('Nouvelles opérations : 2 ; déjà connues : 0 (05/11/2026 – 06/11/2026).');
    await expect.poll(() => text('[data-testid=bank-balance]')).toBe('1 164,60 €');
    const rows = web.page.getByTestId('bank-transactions').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const incoming = rows.filter({ hasText: 'VIR SEPA DUPONT' });
    await incoming.getByRole('button', { name: 'Suggestions' }).click();
    const suggestion = incoming.locator('.suggestions li').first();
    await suggestion.waitFor();
    expect(((await suggestion.textContent()) ?? '').replaceAll(NBSP, ' ')).toContain(
      `Encaissement · 04/11/2026 · ${String(invoice.number)} · score 98/100`,
    );
    await expectAccessible(web.page, 'bank account with suggestions');
    await shoot('bank-account');
    await suggestion.getByRole('button', { name: 'Rapprocher' }).click();
    // Reconciled: it leaves the "to reconcile" list and is found under "Rapprochées".
    await expect.poll(() => rows.count()).toBe(1);
    await web.page.getByRole('link', { name: 'Rapprochées' }).click();
    await expect
      .poll(() => text('[data-testid=bank-transactions] tbody'))
      .toContain(`Encaissement n° ${receipt.json<{ id: number }>().id}`);

    const [bankAccount] = await api<{ id: number; balance: number }[]>('/v1/bankaccounts');
    expect(bankAccount.balance).toBe(1164.6);
    const transactions = await api<{ amount: number; matchType: string | null; matchId: number | null }[]>(
      `/v1/banktransactions?BankAccountId=${bankAccount.id}&OrderBy=amount`,
    );
    expect(transactions.map((t) => [t.amount, t.matchType, t.matchId])).toEqual([
      [-35.4, null, null],
      [1200, 'Receipt', receipt.json<{ id: number }>().id],
    ]);
  });

  it('uploads a supplier’s XML invoice: read, listed, and its original downloaded as it was sent', async () => {
    await web.page.goto(`${web.base}/console/#/received`);
    await web.page.getByTestId('purchase-upload').waitFor();
    await expectAccessible(web.page, 'received invoices with upload');
    await web.page.getByLabel('Fichier (PDF ou XML)').setInputFiles({ name: 'invoice.xml', mimeType: 'application/xml', buffer: UBL });
    await web.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await web.page.getByRole('heading', { name: /INV-2024-9/ }).waitFor();
    expect(await text('main .facts')).toContain('Lieferant GmbH');
    expect(await text('main .facts')).toContain('800,00 €');
    expect(await text('[data-testid=purchase-facts]')).toContain('Saisie');
    await expectAccessible(web.page, 'supplier invoice');
    await shoot('purchase');
    const [original] = await Promise.all([
      web.page.waitForEvent('download'),
      web.page.getByRole('button', { name: 'Télécharger le fichier d’origine' }).click(),
    ]);
    expect(readFileSync(await original.path())).toEqual(UBL);
    const purchases = await api<{ reference: string; taxIncludedAmount: number; supplier: { name: string } }[]>('/v1/purchaseinvoices');
    expect(purchases.map((p) => [p.reference, p.taxIncludedAmount, p.supplier.name])).toEqual([['INV-2024-9', 800, 'Lieferant GmbH']]);
    await web.page.goto(`${web.base}/console/#/received`);
    await web.page.getByRole('link', { name: 'INV-2024-9' }).waitFor();
  });

  it('enters an expense report, submits, approves and repays it', async () => {
    const colleague = await ctx.inject({
      method: 'POST',
      url: '/v1/colleagues',
      headers: web.account.headers,
      payload: { firstName: 'Léa', lastName: 'Petit' },
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
    await web.page.goto(`${web.base}/console/#/expenses`);
    await opened('Notes de frais');
    const form = web.page.getByTestId('new-expense-report');
    await form.getByLabel('Intitulé').fill('Déplacement Lyon');
    await form.getByLabel('Début de la période').fill('01/11/2026');
    await form.getByLabel('Fin de la période').fill('30/11/2026');
    await form.getByRole('button', { name: 'Créer' }).click();
    await web.page.getByRole('heading', { name: 'Déplacement Lyon' }).waitFor();
    const line = web.page.getByTestId('expense-line-form');
    await line.getByLabel('Date').fill('12/11/2026');
    await line.getByLabel('Fournisseur (commerçant)').fill('SNCF');
    await line.getByLabel('Catégorie').fill('Transport');
    // No amount: said beside the field, nothing sent.
    await line.getByRole('button', { name: 'Ajouter la dépense' }).click();
    await expect.poll(() => line.getByLabel('Montant HT').getAttribute('aria-invalid')).toBe('true');
    expect(await line.locator('.field.invalid .field-error').textContent()).toBe('Champ obligatoire.');
    await line.getByLabel('Montant HT').fill('45,50');
    await line.getByLabel('Taux de TVA (%)').fill('10');
    await line.getByRole('button', { name: 'Ajouter la dépense' }).click();
    await expect.poll(() => text('[data-testid=expense-totals]')).toBe('45,50 € HT · 4,55 € de TVA · 50,05 € TTC');
    await expectAccessible(web.page, 'expense report draft');
    await shoot('expense-report');
    await web.page.getByRole('button', { name: 'Soumettre' }).click();
    await expect.poll(() => text('[data-testid=expense-status]')).toBe('Soumise');
    await web.page.getByRole('button', { name: 'Approuver' }).click();
    await expect.poll(() => text('[data-testid=expense-status]')).toBe('Approuvée');
    await web.page.getByLabel('Remboursée le').fill('20/11/2026');
    await web.page.getByRole('button', { name: 'Marquer comme remboursée' }).click();
    await expect.poll(() => text('[data-testid=expense-status]')).toBe('Remboursée');

    const [report] = await api<
      {
        title: string;
        status: string;
        taxIncludedAmount: number;
        reimbursedDate: string;
        lines: { merchant: string; vatAmount: number }[];
      }[]
    >('/v1/expensereports');
    expect(report).toMatchObject({
      title: 'Déplacement Lyon',
      status: 'Reimbursed',
      taxIncludedAmount: 50.05,
      reimbursedDate: '2026-11-20',
    });
    expect(report.lines.map((l) => [l.merchant, l.vatAmount])).toEqual([['SNCF', 4.55]]);
    await web.page.getByRole('link', { name: 'Toutes les notes de frais' }).click();
    await expect.poll(() => text('[data-testid=expense-reports] tbody')).toContain('Remboursée');
    await shoot('expenses');
  });

  it('says in French why a bank statement or a supplier’s file is refused', async () => {
    const [bankAccount] = await api<{ id: number; name: string }[]>('/v1/bankaccounts');
    await web.page.goto(`${web.base}/console/#/bank/${bankAccount.id}`);
    await web.page.getByRole('heading', { name: bankAccount.name }).waitFor();
    const statement = 'Date;Libellé;Montant\r\n2026-11-07;VIR SEPA MARTIN;10,00\r\n';
    await web.page
      .getByLabel('Fichier du relevé')
      .setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(statement, 'utf8') });
    await web.page.getByLabel('Colonne de la date').fill('Date');
    await web.page.getByLabel('Colonne du libellé').fill('Libellé');
    await web.page.getByLabel('Colonne du montant (signé)').fill('Montant');
    await web.page.getByRole('button', { name: 'Importer', exact: true }).click();
    // The API says "file: line 2: "2026-11-07" is not a date in the format DD/MM/YYYY".
    await expect
      .poll(() => text('[data-testid=statement-import] [role=alert]'))
      .toContain('Ligne 2 : la date n’est pas au format DD/MM/YYYY.');

    await web.page.goto(`${web.base}/console/#/received`);
    await web.page.getByTestId('purchase-upload').waitFor();
    await web.page
      .getByLabel('Fichier (PDF ou XML)')
      .setInputFiles({ name: 'facture.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour, voici la facture.', 'utf8') });
    await web.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    // The API says "the file is neither a PDF nor an XML e-invoice (CII or UBL)".
    await expect
      .poll(() => text('[data-testid=purchase-upload] [role=alert]'))
      .toContain('Fichier refusé : Ce fichier n’est ni un PDF ni une facture électronique XML (Factur-X, CII ou UBL).');
    if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'purchase-refused.png') });
  });

  it('shows the receipts with the numbers of the documents they settle, in one request', async () => {
    const paid = await ctx.inject({
      method: 'POST',
      url: '/v1/receipts',
      headers: web.account.headers,
      payload: { amount: 100, date: '2026-11-08', paymentMethod: 'Check', links: [{ type: 'Invoice', id: invoice.id, amount: 100 }] },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const asked: string[] = [];
    const listen = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/v1/')) asked.push(url.pathname);
    };
    await web.page.goto(`${web.base}/console/#/`);
    await web.page.locator('h1:focus').waitFor();
    web.page.on('request', listen);
    await web.page.goto(`${web.base}/console/#/receipts`);
    await opened('Encaissements');
    const row = web.page.locator('tbody tr').filter({ hasText: '08/11/2026' });
    await expect.poll(() => row.getByRole('link').first().textContent()).toContain(String(invoice.number));
    web.page.off('request', listen);
    // The list, and no request per row for the document's number.
    expect(asked.filter((p) => p === '/v1/receipts')).toHaveLength(1);
    expect(asked.filter((p) => /^\/v1\/(saleinvoices|salecredits)\//.test(p))).toEqual([]);
    expect(await row.getByRole('link').first().getAttribute('href')).toBe(`#/invoices/${invoice.id}`);
  });

  it('lists the e-mails sent as the API does, filtered by status', async () => {
    const [email] = await api<{ subject: string; to: string[]; status: string }[]>('/v1/emails');
    expect(email.status).toBe('Sent');
    await web.page.goto(`${web.base}/console/#/emails`);
    await web.page.getByRole('heading', { name: 'E-mails envoyés' }).waitFor();
    const rows = web.page.getByTestId('emails').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const row = ((await rows.first().textContent()) ?? '').replaceAll(NBSP, ' ');
    expect(row).toContain(`Facture ${invoice.number}`);
    expect(row).toContain(email.subject);
    expect(row).toContain(email.to.join(', '));
    expect(row).toContain('Envoyé');
    await expectAccessible(web.page, 'e-mails');
    await shoot('emails');
    await web.page.getByRole('link', { name: 'Échec' }).click();
    await web.page.getByText('Aucun e-mail.').waitFor();
    await web.page.getByRole('link', { name: 'Envoyé', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link').click();
    await web.page.getByRole('heading', { name: new RegExp(invoice.number as string) }).waitFor();
  });
});
