// The back-office forms of the console (issue #31) that were API-only, in Debian's chromium on each
// database: each action done through the page, then its result read back from the API (amounts to the
// cent, fields as typed), and one bad input per form answered in French beside its field (an empty
// amount included: no form does nothing silently). Bank transactions entered by hand (create, edit,
// delete), a supplier invoice corrected after its upload (its supplier, classification and VAT lines
// by rate too) and paid, one supplier payment settling two invoices then changed, an expense line's
// receipt attached, refused, replaced and downloaded, colleagues (create, edit, delete) and webhooks
// (create with its secret shown once and checked against a real signed delivery to a receiver on
// loopback, deliveries listed, changed in place with the secret kept, delete). axe-core on each form.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../src/rendering/pdf.js';
import { startReceiver, type Receiver } from '../helpers/delivery.js';
import { baseInvoice } from '../fixtures/einvoicing/documents.js';
import { BOUNDARY, multipart } from '../helpers/multipart.js';
import { png } from '../helpers/png.js';
import { describeConsole, errorBeside, expectAccessible, NBSP, screenshotBothSizes } from './browser.js';

const UBL = readFileSync(path.resolve(import.meta.dirname, '../fixtures/einvoicing/ubl-invoice.xml'));

describeConsole(
  'web console in a browser: back-office forms (bank transactions, supplier invoices, receipts, colleagues, webhooks)',
  { user: 'backoffice', env: { WEBHOOK_ALLOW_PRIVATE: '1' } },
  (web) => {
    const { ctx } = web;
    let receiver: Receiver;
    const clean = (s: string | null) => (s ?? '').replaceAll(NBSP, ' ').trim();
    const api = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await ctx.inject({ method, url, headers: web.account.headers, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json<T>();
    };
    /**
     * The page is shown; a list page's title has the focus the console moves to it on navigation
     * (a page that loads first shows its title later, without that move), so typing loses no keys.
     */
    const opened = async (title: string | RegExp, focused = true) => {
      await web.page.getByRole('heading', { level: 1, name: title }).waitFor();
      if (focused) await web.page.locator('h1:focus').waitFor();
    };
    const shoot = (name: string) => screenshotBothSizes(web.page, ctx.dialect, name);

    beforeAll(async () => {
      receiver = await startReceiver();
    }, 120_000);
    afterAll(async () => {
      await receiver?.close();
    });

    it('enters a bank transaction by hand, corrects it and deletes it; an amount of 0 is refused beside the field', async () => {
      const bank = await api<{ id: number }>('POST', '/v1/bankaccounts', {
        name: 'Compte pro',
        iban: 'FR76 3000 4008 1900 0101 2345 632',
        openingBalance: 1000,
        openingDate: '2026-01-01',
      });
      await web.page.goto(`${web.base}/console/#/bank/${bank.id}`);
      await opened('Compte pro', false);
      const form = web.page.getByTestId('manual-transaction');
      await form.getByLabel('Date', { exact: true }).fill('05/11/2026');
      await form.getByLabel('Libellé').fill('Remise de chèque n° 42');
      // No amount: said beside the field, nothing sent.
      await form.getByRole('button', { name: 'Enregistrer l’opération' }).click();
      expect(await errorBeside(form, 'Montant (€, négatif pour une sortie)')).toBe('Champ obligatoire.');
      expect(await api<unknown[]>('GET', `/v1/banktransactions?BankAccountId=${bank.id}`)).toEqual([]);
      await form.getByLabel('Montant (€, négatif pour une sortie)').fill('0');
      await form.getByRole('button', { name: 'Enregistrer l’opération' }).click();
      expect(await errorBeside(form, 'Montant (€, négatif pour une sortie)')).toBe(
        'Une opération de 0 € ne déplace pas d’argent : montant positif pour une entrée, négatif pour une sortie.',
      );
      await expectAccessible(web.page, 'manual bank transaction refused');

      await form.getByLabel('Montant (€, négatif pour une sortie)').fill('1 250,75');
      await form.getByLabel('Référence (facultatif)').fill('CHQ42');
      await form.getByRole('button', { name: 'Enregistrer l’opération' }).click();
      await form.getByText('Opération enregistrée.').waitFor();
      await expect.poll(async () => clean(await web.page.getByTestId('bank-balance').textContent())).toBe('2 250,75 €');
      let [tx] = await api<{ id: number; date: string; amount: number; label: string; reference: string; importId: null }[]>(
        'GET',
        `/v1/banktransactions?BankAccountId=${bank.id}`,
      );
      expect(tx).toMatchObject({
        date: '2026-11-05',
        amount: 1250.75,
        label: 'Remise de chèque n° 42',
        reference: 'CHQ42',
        importId: null,
      });

      const row = web.page.getByTestId('bank-transactions').locator('tbody tr').filter({ hasText: 'Remise de chèque n° 42' });
      await row.getByRole('button', { name: 'Modifier' }).click();
      const dialog = web.page.getByRole('dialog', { name: 'Modifier l’opération du 05/11/2026' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Montant (€, négatif pour une sortie)').inputValue()).toBe('1250,75');
      await expectAccessible(web.page, 'edit bank transaction');
      // Emptied in the dialog: refused beside the field, the dialog stays open.
      await dialog.getByLabel('Montant (€, négatif pour une sortie)').fill('');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      expect(await errorBeside(dialog, 'Montant (€, négatif pour une sortie)')).toBe('Champ obligatoire.');
      await dialog.getByLabel('Montant (€, négatif pour une sortie)').fill('-89,90');
      await dialog.getByLabel('Libellé').fill('CB Papeterie Dupont');
      await dialog.getByLabel('Date', { exact: true }).fill('07/11/2026');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => clean(await web.page.getByTestId('bank-balance').textContent())).toBe('910,10 €');
      [tx] = await api('GET', `/v1/banktransactions?BankAccountId=${bank.id}`);
      expect(tx).toMatchObject({ date: '2026-11-07', amount: -89.9, label: 'CB Papeterie Dupont', reference: 'CHQ42' });
      expect((await api<{ balance: number }>('GET', `/v1/bankaccounts/${bank.id}`)).balance).toBe(910.1);

      // The account's own export, downloaded from its page: the API's file, byte for byte.
      const exporter = web.page.getByTestId('bank-export');
      await exporter.getByLabel('Format').selectOption('EuropeanCsv');
      await exporter.getByLabel('Du (facultatif)').fill('01/11/2026');
      const [file] = await Promise.all([web.page.waitForEvent('download'), exporter.getByRole('button', { name: 'Télécharger' }).click()]);
      const fromApi = await ctx.inject({
        method: 'GET',
        url: `/v1/exports/banktransactions/${bank.id}?format=EuropeanCsv&from=2026-11-01`,
        headers: web.account.headers,
      });
      expect(fromApi.statusCode).toBe(200);
      expect(file.suggestedFilename()).toBe(/filename="([^"]+)"/.exec(String(fromApi.headers['content-disposition']))?.[1]);
      const csv = readFileSync(await file.path());
      expect(csv).toEqual(fromApi.rawPayload);
      expect(csv.toString('utf8')).toContain('CB Papeterie Dupont');
      expect(csv.toString('utf8')).toContain('-89,90');
      await exporter.getByText(`Fichier ${file.suggestedFilename()} téléchargé.`).waitFor();
      await expectAccessible(web.page, 'bank account export');

      const edited = web.page.getByTestId('bank-transactions').locator('tbody tr').filter({ hasText: 'CB Papeterie Dupont' });
      await edited.getByRole('button', { name: 'Supprimer' }).click();
      await web.page.getByRole('dialog', { name: 'Supprimer l’opération' }).getByRole('button', { name: 'Supprimer' }).click();
      await web.page.getByText('Aucune opération.').waitFor();
      expect(await api<unknown[]>('GET', `/v1/banktransactions?BankAccountId=${bank.id}`)).toEqual([]);
      expect((await api<{ balance: number }>('GET', `/v1/bankaccounts/${bank.id}`)).balance).toBe(1000);
    });

    it('corrects a supplier invoice after its upload and records a supplier payment; a due date before the date and an overpayment are refused beside their fields', async () => {
      await web.page.goto(`${web.base}/console/#/received`);
      await web.page.getByTestId('purchase-upload').waitFor();
      await web.page.getByLabel('Fichier (PDF ou XML)').setInputFiles({ name: 'invoice.xml', mimeType: 'application/xml', buffer: UBL });
      await web.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await web.page.getByRole('heading', { name: /INV-2024-9/ }).waitFor();
      const [uploaded] = await api<{ id: number }[]>('GET', '/v1/purchaseinvoices');

      const form = web.page.getByTestId('purchase-correct');
      await form.getByLabel('Date de la facture').fill('10/11/2026');
      await form.getByLabel('Échéance').fill('01/11/2026');
      await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
      expect(await errorBeside(form, 'Échéance')).toBe('L’échéance ne peut pas précéder la date de la facture.');
      await expectAccessible(web.page, 'supplier invoice correction refused');

      await form.getByLabel('Échéance').fill('10/12/2026');
      await form.getByLabel('Numéro de la facture du fournisseur').fill('INV-2024-9B');
      await form.getByLabel('Objet').fill('Licences logiciel');
      await form.getByLabel('Total TTC (€)').fill('960,00');
      await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
      await form.getByText('Corrections enregistrées.').waitFor();
      const corrected = await api<Record<string, unknown>>('GET', `/v1/purchaseinvoices/${uploaded.id}`);
      expect(corrected).toMatchObject({
        reference: 'INV-2024-9B',
        subject: 'Licences logiciel',
        date: '2026-11-10',
        dueDate: '2026-12-10',
        taxIncludedAmount: 960,
        balance: 960,
      });

      const pay = web.page.getByTestId('supplier-payment');
      await expect.poll(() => pay.getByLabel('Montant payé (€)').inputValue()).toBe('960');
      await pay.getByLabel('Montant payé (€)').fill('');
      await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      expect(await errorBeside(pay, 'Montant payé (€)')).toBe('Champ obligatoire.');
      await pay.getByLabel('Montant payé (€)').fill('2 000');
      await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      expect(await errorBeside(pay, 'Montant payé (€)')).toBe('Plus que ce qui reste à payer sur cette facture : 960,00 € au plus.');
      await expectAccessible(web.page, 'supplier payment refused');

      await pay.getByLabel('Montant payé (€)').fill('400,50');
      await pay.getByLabel('Date du paiement').fill('15/11/2026');
      await pay.getByLabel('Moyen de paiement').selectOption('Check');
      await pay.getByLabel('Référence du paiement (facultatif)').fill('CHQ-77');
      await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      const rows = web.page.getByTestId('purchase-payments').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(clean(await rows.first().textContent())).toContain('15/11/2026ChèqueCHQ-77400,50 €');
      await expect.poll(async () => clean(await web.page.getByTestId('purchase-facts').textContent())).toContain('Reste à payer559,50 €');
      const payments = await api<{ amount: number; date: string; paymentMethod: string; reference: string; links: unknown[] }[]>(
        'GET',
        '/v1/supplierpayments',
      );
      expect(payments).toEqual([
        expect.objectContaining({
          amount: 400.5,
          date: '2026-11-15',
          paymentMethod: 'Check',
          reference: 'CHQ-77',
          links: [{ id: uploaded.id, amount: 400.5 }],
        }),
      ]);
      expect(await api<Record<string, unknown>>('GET', `/v1/purchaseinvoices/${uploaded.id}`)).toMatchObject({
        paidAmount: 400.5,
        balance: 559.5,
      });
      // The amount proposed next is what remains.
      await expect.poll(() => pay.getByLabel('Montant payé (€)').inputValue()).toBe('559,5');
    });

    it('gives a supplier invoice its supplier (chosen, or created on the spot), its classification and its VAT lines by rate; a VAT above its base is refused beside it', async () => {
      const durand = await api<{ id: number }>('POST', '/v1/suppliers', { name: 'Papeterie Durand' });
      const [expense] = await api<{ id: number; accountNumber: string; label: string }[]>('GET', '/v1/classifications?type=Expense');
      const scan = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
      await web.page.goto(`${web.base}/console/#/received`);
      await web.page.getByTestId('purchase-upload').waitFor();
      await web.page
        .getByLabel('Fichier (PDF ou XML)')
        .setInputFiles({ name: 'scan-morel.pdf', mimeType: 'application/pdf', buffer: scan });
      await web.page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await web.page.getByRole('heading', { name: /Facture reçue/ }).waitFor();
      const id = Number(/#\/received\/(\d+)/.exec(web.page.url())?.[1]);
      const form = web.page.getByTestId('purchase-correct');
      const supplier = form.getByLabel('Fournisseur', { exact: true });
      await supplier.selectOption(String(durand.id));

      // A supplier not yet known: created by its name and chosen.
      await form.getByLabel('Nouveau fournisseur (nom)').fill('Imprimerie Morel');
      await form.getByRole('button', { name: 'Créer et choisir ce fournisseur' }).click();
      await expect.poll(() => supplier.locator('option:checked').textContent()).toBe('Imprimerie Morel');
      const [morel] = await api<{ id: number; name: string }[]>('GET', '/v1/suppliers?query=Morel');
      expect(morel.name).toBe('Imprimerie Morel');
      expect(await supplier.inputValue()).toBe(String(morel.id));
      await form.getByLabel('Classement comptable').selectOption(String(expense.id));
      await form.getByLabel('Numéro de la facture du fournisseur').fill('MOR-118');
      const vats = form.getByTestId('purchase-vats');
      await vats.getByRole('button', { name: 'Ajouter un taux de TVA' }).click();
      await vats.getByLabel('Taux de TVA (%) – ligne 1').fill('20');
      await vats.getByLabel('Base HT (€) – ligne 1').fill('100,00');
      await vats.getByLabel('TVA (€) – ligne 1').fill('150');
      await vats.getByRole('button', { name: 'Ajouter un taux de TVA' }).click();
      await vats.getByLabel('Taux de TVA (%) – ligne 2').fill('5,5');
      await vats.getByLabel('Base HT (€) – ligne 2').fill('40,10');
      await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
      expect(await errorBeside(vats, 'TVA (€) – ligne 1')).toBe('La TVA ne peut pas dépasser la base HT.');
      await expectAccessible(web.page, 'supplier invoice VAT line refused');
      // Nothing written.
      expect((await api<{ reference: string | null }>('GET', `/v1/purchaseinvoices/${id}`)).reference).not.toBe('MOR-118');

      // Left empty, the VAT is the API's: base × rate, rounded half-up to the cent.
      await vats.getByLabel('TVA (€) – ligne 1').fill('');
      await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
      await form.getByText('Corrections enregistrées.').waitFor();
      expect(await api<Record<string, unknown>>('GET', `/v1/purchaseinvoices/${id}`)).toMatchObject({
        supplierId: morel.id,
        supplier: expect.objectContaining({ name: 'Imprimerie Morel' }),
        classificationId: expense.id,
        reference: 'MOR-118',
        vats: [
          { rate: 20, taxExcludedAmount: 100, vatAmount: 20 },
          { rate: 5.5, taxExcludedAmount: 40.1, vatAmount: 2.21 },
        ],
        taxExcludedAmount: 140.1,
        vatAmount: 22.21,
        taxIncludedAmount: 162.31,
        balance: 162.31,
        status: 'Done',
      });
      // The form shows the invoice as stored: the total the lines make, the VAT computed.
      await expect.poll(() => form.getByLabel('Total TTC (€)').inputValue()).toBe('162,31');
      expect(await vats.getByLabel('TVA (€) – ligne 2').inputValue()).toBe('2,21');
      await expectAccessible(web.page, 'supplier invoice with its supplier, classification and VAT lines');
      await shoot('purchase-correct');

      // A line removed: the totals follow the one left; the supplier changed back to one of the list.
      await vats.getByRole('button', { name: 'Retirer la ligne 2' }).click();
      await supplier.selectOption(String(durand.id));
      await form.getByRole('button', { name: 'Enregistrer les corrections' }).click();
      await expect
        .poll(async () => (await api<{ taxIncludedAmount: number }>('GET', `/v1/purchaseinvoices/${id}`)).taxIncludedAmount)
        .toBe(120);
      expect(await api<Record<string, unknown>>('GET', `/v1/purchaseinvoices/${id}`)).toMatchObject({
        supplierId: durand.id,
        classificationId: expense.id,
        vats: [{ rate: 20, taxExcludedAmount: 100, vatAmount: 20 }],
        taxExcludedAmount: 100,
        vatAmount: 20,
        balance: 120,
      });
      await expect.poll(() => form.getByLabel('Total TTC (€)').inputValue()).toBe('120');
    });

    it('records one supplier payment settling two invoices of a supplier, then changes it; more than remains due is refused beside the invoice', async () => {
      const vidal = await api<{ id: number }>('POST', '/v1/suppliers', { name: 'Atelier Vidal' });
      const scan = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
      /** A scanned invoice of Atelier Vidal, completed through the API. */
      const invoice = async (reference: string, net: number) => {
        const res = await ctx.inject({
          method: 'POST',
          url: '/v1/purchaseinvoices/file',
          headers: { ...web.account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: multipart([{ name: 'file', filename: `${reference}.pdf`, type: 'application/pdf', content: scan }]),
        });
        expect(res.statusCode, res.body).toBe(200);
        return api<{ id: number }>('PUT', `/v1/purchaseinvoices/${res.json<{ id: number }>().id}`, {
          supplierId: vidal.id,
          reference,
          date: '2026-11-02',
          vats: [{ rate: 20, taxExcludedAmount: net }],
        });
      };
      const first = await invoice('VID-1', 250); // 300,00 TTC
      const second = await invoice('VID-2', 100.5); // 120,60 TTC
      await web.page.goto(`${web.base}/console/#/received/${first.id}`);
      await web.page.getByRole('heading', { name: /VID-1/ }).waitFor();
      const pay = web.page.getByTestId('supplier-payment');
      const other = pay.getByLabel('Aussi sur la facture VID-2 (€)');
      await other.waitFor();
      await pay.getByLabel('Montant payé (€)').fill('300');
      await other.fill('150');
      await pay.getByLabel('Date du paiement').fill('20/11/2026');
      await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      expect(await errorBeside(pay, 'Aussi sur la facture VID-2 (€)')).toBe(
        'Plus que ce qui reste à payer sur cette facture : 120,60 € au plus.',
      );
      await expectAccessible(web.page, 'supplier payment of two invoices refused');
      expect(await api<unknown[]>('GET', `/v1/supplierpayments?SupplierId=${vidal.id}`)).toEqual([]);

      await other.fill('120,60');
      await expect.poll(async () => clean(await pay.getByTestId('payment-total').textContent())).toBe('Total du paiement : 420,60 €');
      await pay.getByLabel('Référence du paiement (facultatif)').fill('VIR-VIDAL-11');
      await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      // Both invoices paid: the form gives way to the fact.
      await web.page.getByText('Rien ne reste à payer sur cette facture.').waitFor();
      const [payment] = await api<
        { id: number; amount: number; date: string; reference: string; links: { id: number; amount: number }[] }[]
      >('GET', `/v1/supplierpayments?SupplierId=${vidal.id}`);
      expect(payment).toMatchObject({
        amount: 420.6,
        date: '2026-11-20',
        reference: 'VIR-VIDAL-11',
        links: [
          { id: first.id, amount: 300 },
          { id: second.id, amount: 120.6 },
        ],
      });
      const balances = async () =>
        Promise.all(
          [first.id, second.id].map(async (id) => {
            const p = await api<{ balance: number; paidAmount: number; status: string }>('GET', `/v1/purchaseinvoices/${id}`);
            return [p.paidAmount, p.balance, p.status];
          }),
        );
      expect(await balances()).toEqual([
        [300, 0, 'Paid'],
        [120.6, 0, 'Paid'],
      ]);
      const row = web.page.getByTestId('purchase-payments').locator('tbody tr');
      await expect.poll(async () => clean(await row.first().textContent())).toContain('VID-2 : 120,60 €');
      await expect.poll(async () => clean(await web.page.getByTestId('purchase-facts').textContent())).toContain('Reste à payer0,00 €');

      // Changed after it is made: less on VID-2, another date; more than remains due is refused beside the field.
      await row.first().getByRole('button', { name: 'Modifier le paiement de 420,60 € du 20/11/2026' }).click();
      const dialog = web.page.getByRole('dialog', { name: 'Modifier le paiement de 420,60 € du 20/11/2026' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Sur la facture VID-1 (€)').inputValue()).toBe('300');
      expect(await dialog.getByLabel('Sur la facture VID-2 (€)').inputValue()).toBe('120,6');
      await dialog.getByLabel('Sur la facture VID-1 (€)').fill('300,01');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      expect(await errorBeside(dialog, 'Sur la facture VID-1 (€)')).toBe(
        'Plus que ce qui reste à payer sur cette facture : 300,00 € au plus.',
      );
      await expectAccessible(web.page, 'supplier payment change refused');
      await shoot('supplier-payment-edit');
      await dialog.getByLabel('Sur la facture VID-1 (€)').fill('300');
      await dialog.getByLabel('Sur la facture VID-2 (€)').fill('20,60');
      await dialog.getByLabel('Date du paiement').fill('21/11/2026');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await api<Record<string, unknown>>('GET', `/v1/supplierpayments/${payment.id}`)).toMatchObject({
        amount: 320.6,
        date: '2026-11-21',
        reference: 'VIR-VIDAL-11',
        links: [
          { id: first.id, amount: 300 },
          { id: second.id, amount: 20.6 },
        ],
      });
      expect(await balances()).toEqual([
        [300, 0, 'Paid'],
        [20.6, 100, 'Done'],
      ]);
      await expect.poll(async () => clean(await row.first().textContent())).toContain('VID-2 : 20,60 €');
    });

    it('attaches a receipt to an expense line, refuses a file that is neither a PDF nor an image, replaces and downloads it', async () => {
      const colleague = await api<{ id: number }>('POST', '/v1/colleagues', { firstName: 'Hugo', lastName: 'Marchand' });
      const report = await api<{ id: number; lines: { id: number }[] }>('POST', '/v1/expensereports', {
        colleagueId: colleague.id,
        title: 'Salon Lyon',
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
      });
      const withLine = await api<{ id: number; lines: { id: number }[] }>('POST', `/v1/expensereports/${report.id}/lines`, {
        date: '2026-11-12',
        merchant: 'SNCF',
        vats: [{ rate: 10, taxExcludedAmount: 45.5 }],
      });
      const lineId = withLine.lines[0].id;
      await web.page.goto(`${web.base}/console/#/expenses/${report.id}`);
      await opened('Salon Lyon', false);
      const form = web.page.getByTestId(`receipt-${lineId}`);
      const label = 'Justificatif de la dépense du 12/11/2026 (PDF ou image)';
      await form.getByLabel(label).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('pas un PDF') });
      await form.getByRole('button', { name: 'Joindre' }).click();
      expect(await errorBeside(form, label)).toBe('Ce fichier n’est ni un PDF ni une image PNG, JPEG ou WebP.');
      await expectAccessible(web.page, 'expense receipt refused');

      const image = png(40, 20);
      await form.getByLabel(label).setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: image });
      await form.getByRole('button', { name: 'Joindre' }).click();
      await web.page.getByText('Justificatif enregistré : ticket.png.').waitFor();
      let line = (
        await api<{ lines: { file: { fileName: string; contentType: string } | null }[] }>('GET', `/v1/expensereports/${report.id}`)
      ).lines[0];
      expect(line.file).toMatchObject({ fileName: 'ticket.png', contentType: 'image/png' });
      const [download] = await Promise.all([
        web.page.waitForEvent('download'),
        web.page.getByRole('button', { name: 'Télécharger ticket.png' }).click(),
      ]);
      const fromApi = await ctx.inject({
        method: 'GET',
        url: `/v1/expensereports/${report.id}/lines/${lineId}/file`,
        headers: web.account.headers,
      });
      // Saved under the name the API gives it (the re-encoded image's, not the name it was sent with).
      expect(download.suggestedFilename()).toBe(/filename="([^"]+)"/.exec(String(fromApi.headers['content-disposition']))?.[1]);
      expect(readFileSync(await download.path())).toEqual(fromApi.rawPayload);

      const pdf = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
      await form.getByLabel(label).setInputFiles({ name: 'facture-sncf.pdf', mimeType: 'application/pdf', buffer: pdf });
      await form.getByRole('button', { name: 'Remplacer' }).click();
      await web.page.getByText('Justificatif enregistré : facture-sncf.pdf.').waitFor();
      line = (await api<{ lines: { file: { fileName: string; contentType: string } | null }[] }>('GET', `/v1/expensereports/${report.id}`))
        .lines[0];
      expect(line.file).toMatchObject({ fileName: 'facture-sncf.pdf', contentType: 'application/pdf' });
      const [second] = await Promise.all([
        web.page.waitForEvent('download'),
        web.page.getByRole('button', { name: 'Télécharger facture-sncf.pdf' }).click(),
      ]);
      expect(readFileSync(await second.path())).toEqual(pdf);
      await expectAccessible(web.page, 'expense report with receipts');
    });

    it('adds, edits and deletes a colleague; a colleague without a name and a wrong e-mail are refused beside their fields', async () => {
      await web.page.goto(`${web.base}/console/#/colleagues`);
      await opened('Collaborateurs');
      const form = web.page.getByTestId('new-colleague');
      await form.getByLabel('E-mail').fill('lea.petit@atelier.example');
      await form.getByRole('button', { name: 'Ajouter le collaborateur' }).click();
      expect(await errorBeside(form, 'Nom de famille')).toBe('Indiquez au moins le prénom ou le nom.');
      await expectAccessible(web.page, 'new colleague refused');

      await form.getByLabel('Prénom').fill('Léa');
      await form.getByLabel('Nom de famille').fill('Petit');
      await form.getByLabel('Téléphone').fill('01 23 45 67 89');
      await form.getByLabel('Associé de l’entreprise').check();
      await form.getByRole('button', { name: 'Ajouter le collaborateur' }).click();
      await form.getByText('Collaborateur Léa Petit ajouté.').waitFor();
      const rows = web.page.getByTestId('colleagues').locator('tbody tr');
      await expect.poll(async () => clean(await web.page.getByTestId('colleagues').textContent())).toContain('Léa Petit');
      const find = async () =>
        (await api<Record<string, unknown>[]>('GET', '/v1/colleagues?query=Petit')).find((c) => c.email === 'lea.petit@atelier.example');
      const created = await find();
      expect(created).toMatchObject({
        firstName: 'Léa',
        lastName: 'Petit',
        name: 'Léa Petit',
        email: 'lea.petit@atelier.example',
        phone: '01 23 45 67 89',
        cellPhone: null,
        isPartner: true,
      });
      expect(created?.number).toMatch(/^COL/);

      const row = rows.filter({ hasText: 'Léa Petit' });
      await row.getByRole('button', { name: 'Modifier Léa Petit' }).click();
      const dialog = web.page.getByRole('dialog', { name: 'Modifier Léa Petit' });
      await dialog.waitFor();
      await dialog.getByLabel('E-mail').fill('pas-une-adresse');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      expect(await errorBeside(dialog, 'E-mail')).toBe('Adresse e-mail invalide.');
      await expectAccessible(web.page, 'edit colleague refused');
      await dialog.getByLabel('E-mail').fill('lea.martin@atelier.example');
      await dialog.getByLabel('Nom de famille').fill('Petit-Martin');
      await dialog.getByLabel('Mobile').fill('06 12 34 56 78');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => clean(await web.page.getByTestId('colleagues').textContent())).toContain('Léa Petit-Martin');
      const edited = await api<Record<string, unknown>>('GET', `/v1/colleagues/${String(created?.id)}`);
      expect(edited).toMatchObject({
        firstName: 'Léa',
        lastName: 'Petit-Martin',
        name: 'Léa Petit-Martin',
        email: 'lea.martin@atelier.example',
        phone: '01 23 45 67 89',
        cellPhone: '06 12 34 56 78',
        isPartner: true,
        number: created?.number,
      });

      await rows.filter({ hasText: 'Léa Petit-Martin' }).getByRole('button', { name: 'Supprimer Léa Petit-Martin' }).click();
      await web.page.getByRole('dialog', { name: 'Supprimer le collaborateur' }).getByRole('button', { name: 'Supprimer' }).click();
      await expect.poll(async () => clean(await web.page.getByTestId('colleagues').textContent())).not.toContain('Petit-Martin');
      const gone = await ctx.inject({ method: 'GET', url: `/v1/colleagues/${String(created?.id)}`, headers: web.account.headers });
      expect(gone.statusCode).toBe(404);
    });

    it('registers a webhook with its event types, shows its secret once (it signs the deliveries), lists its deliveries and deletes it', async () => {
      await web.page.goto(`${web.base}/console/#/webhooks`);
      await opened('Webhooks');
      await web.page.getByText('Aucun webhook pour l’instant.').waitFor();
      const form = web.page.getByTestId('new-webhook');
      await form.getByLabel('Nom').fill('Mon CRM');
      await form.getByLabel('Adresse (URL) à appeler').fill('pas une adresse');
      await form
        .getByRole('group', { name: 'Collaborateurs' })
        .getByLabel(/^création/)
        .check();
      await form.getByRole('button', { name: 'Créer le webhook' }).click();
      expect(await errorBeside(form, 'Adresse (URL) à appeler')).toBe('Adresse web complète attendue (https://…).');
      await expectAccessible(web.page, 'new webhook refused');

      await form.getByLabel('Adresse (URL) à appeler').fill(receiver.url);
      await form
        .getByRole('group', { name: 'Factures', exact: true })
        .getByLabel(/^finalisation/)
        .check();
      await form.getByRole('button', { name: 'Créer le webhook' }).click();
      const dialog = web.page.getByRole('dialog', { name: 'Clé de signature du webhook « Mon CRM »' });
      await dialog.waitFor();
      const secret = clean(await dialog.getByTestId('webhook-secret').textContent());
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible(web.page, 'webhook secret shown once');
      await shoot('webhook-secret');
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await expect.poll(async () => clean(await web.page.getByTestId('webhooks').textContent())).toContain(receiver.url);

      const [hook] = await api<{ id: number; name: string; url: string; types: string[]; secretKey: string | null }[]>(
        'GET',
        '/v1/webhooks',
      );
      expect(hook).toEqual({
        id: hook.id,
        name: 'Mon CRM',
        url: receiver.url,
        types: ['ColleagueCreated', 'InvoiceFinalized'],
        secretKey: null,
      });

      // A colleague created: the delivery reaches the receiver, signed with the secret the page showed.
      await api('POST', '/v1/colleagues', { firstName: 'Nina', lastName: 'Roche' });
      await ctx.app.outbox.drain();
      await expect.poll(() => receiver.received.length).toBe(1);
      const [request] = receiver.received;
      const signed = createHmac('sha256', secret)
        .update(`${String(request.headers['x-signature-timestamp'])}.${request.raw}`)
        .digest('hex');
      expect(request.headers['x-signature']).toBe(signed);

      await web.page.getByRole('link', { name: 'Mon CRM' }).click();
      await opened('Mon CRM', false);
      const deliveries = web.page.getByTestId('webhook-deliveries').locator('tbody tr');
      await expect.poll(() => deliveries.count()).toBe(1);
      const delivery = clean(await deliveries.first().textContent());
      expect(delivery).toContain('Collaborateurs : création');
      expect(delivery).toContain('Livré');
      expect(delivery).toContain('HTTP 200');
      await expectAccessible(web.page, 'webhook deliveries');
      await shoot('webhook-deliveries');

      // Changed in place: a bad address refused beside its field, then a new name, address and events.
      const edit = web.page.getByTestId('edit-webhook');
      expect(await edit.getByLabel('Adresse (URL) à appeler').inputValue()).toBe(receiver.url);
      await edit.getByLabel('Adresse (URL) à appeler').fill('ftp://crm.example/hook');
      await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      expect(await errorBeside(edit, 'Adresse (URL) à appeler')).toBe('L’adresse doit commencer par https:// (ou http://).');
      await expectAccessible(web.page, 'webhook change refused');
      await edit.getByLabel('Nom').fill('Mon CRM (v2)');
      await edit.getByLabel('Adresse (URL) à appeler').fill(`${receiver.url}/v2`);
      await edit
        .getByRole('group', { name: 'Collaborateurs' })
        .getByLabel(/^création/)
        .uncheck();
      await edit
        .getByRole('group', { name: 'Collaborateurs' })
        .getByLabel(/^modification/)
        .check();
      await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await edit.getByText('Webhook enregistré.').waitFor();
      await opened('Mon CRM (v2)', false);
      expect(await api<unknown[]>('GET', '/v1/webhooks')).toEqual([
        { id: hook.id, name: 'Mon CRM (v2)', url: `${receiver.url}/v2`, types: ['InvoiceFinalized', 'ColleagueUpdated'], secretKey: null },
      ]);
      await shoot('webhook-edit');
      // The secret the page showed at registration still signs the deliveries, now sent to the new address.
      const nina = (await api<{ id: number; lastName: string }[]>('GET', '/v1/colleagues?query=Roche'))[0];
      await api('PUT', `/v1/colleagues/${nina.id}`, { firstName: 'Nina', lastName: 'Roche-Martin' });
      await ctx.app.outbox.drain();
      await expect.poll(() => receiver.received.length).toBe(2);
      const changed = receiver.received[1];
      expect([changed.url, changed.body.type]).toEqual(['/hook/v2', 'ColleagueUpdated']);
      expect(changed.headers['x-signature']).toBe(
        createHmac('sha256', secret)
          .update(`${String(changed.headers['x-signature-timestamp'])}.${changed.raw}`)
          .digest('hex'),
      );

      await web.page.getByRole('link', { name: 'Tous les webhooks' }).click();
      await opened('Webhooks');
      await web.page.getByRole('button', { name: 'Supprimer Mon CRM (v2)' }).click();
      await web.page.getByRole('dialog', { name: 'Supprimer le webhook' }).getByRole('button', { name: 'Supprimer' }).click();
      await web.page.getByText('Aucun webhook pour l’instant.').waitFor();
      expect(await api<unknown[]>('GET', '/v1/webhooks')).toEqual([]);
    });
  },
);
