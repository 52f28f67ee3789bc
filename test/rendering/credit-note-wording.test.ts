// Credit notes say what they are (docs/pdf.md, "Credit notes"): no payment request — no IBAN, no
// payment terms or due date, no "Référence à rappeler", no late-payment mentions —, their amount
// "remboursé / à imputer", and the invoice they correct in evidence. A credit note that cancels an
// unpaid invoice says the invoice is cancelled and nothing is due; one that cancels a paid invoice
// says what was paid, to refund. Invoices keep all of it.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { inspectPdf } from '../helpers/pdf-inspect.js';
import { salesClient, simpleLine, type SalesClient } from '../helpers/sales.js';

describeEachDb('credit note wording', (ctx) => {
  let account: TestAccount;
  let sales: SalesClient;
  let customerId: number;
  const pdfText = async (kind: 'saleinvoices' | 'salecredits', id: number) => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/${kind}/download/${id}`, headers: account.headers });
    expect(res.statusCode).toBe(200);
    // The extracted text breaks lines where the PDF does: compare with single spaces.
    return (await inspectPdf(res.rawPayload)).pageTexts.join('\n').replace(/\s+/g, ' ');
  };
  const PAYMENT_REQUEST = [
    'IBAN',
    'FR76 3000',
    'Conditions',
    'Référence à rappeler',
    'pénalités',
    '40 €',
    "Date d'échéance",
    'Net à payer',
  ];

  beforeAll(async () => {
    account = await ctx.newAccount('Atelier Numérique SAS');
    sales = salesClient(ctx, account);
    await sales.settings({
      company: {
        name: 'Atelier Numérique SAS',
        siret: '12345678200010',
        invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      },
      bankDetails: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' },
    });
    customerId = await sales.customer();
  });

  it('an invoice requests payment: IBAN, terms, reference, penalties', async () => {
    const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine(100)] });
    const text = await pdfText('saleinvoices', invoice.id);
    for (const words of ['IBAN', 'Référence à rappeler', 'Net à payer', "Date d'échéance"]) expect(text, words).toContain(words);
    expect(text).toMatch(/pénalités/i);
  });

  it('a credit note on an invoice: no payment request, "remboursé / à imputer", the invoice in evidence', async () => {
    const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine(100)] });
    const credit = await sales.finalized('Credit', { customerId, cancelledInvoicetId: invoice.id, lines: [simpleLine(10)] });
    const text = await pdfText('salecredits', credit.id);
    for (const words of PAYMENT_REQUEST) expect(text, words).not.toContain(words);
    expect(text).not.toMatch(/pénalit/i);
    expect(text).toContain(`Avoir sur la facture ${invoice.number}`);
    expect(text).toContain('Montant remboursé / à imputer 12,00 €');
    expect(text).toContain('aucun paiement n’est demandé');
  });

  it('the cancellation of an unpaid invoice says it is cancelled and nothing is due', async () => {
    const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine(100)] });
    const cancelled = await sales.cancel(invoice.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const text = await pdfText('salecredits', cancelled.json().cancellationCreditId);
    for (const words of PAYMENT_REQUEST) expect(text, words).not.toContain(words);
    expect(text).toContain(`Annule la facture ${invoice.number}`);
    expect(text).toContain('La facture est annulée et n’a pas été réglée : aucun montant n’est dû, rien n’est à rembourser.');
    expect(text).toContain('Montant annulé 120,00 €');
    expect(text).not.toContain('Net à rembourser');
  });

  it('the cancellation of a partly paid invoice says what was paid, to refund', async () => {
    const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine(100)] });
    const paid = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices/markaspaid',
      headers: account.headers,
      payload: { invoiceId: invoice.id, amount: 50 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancelled = await sales.cancel(invoice.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const text = await pdfText('salecredits', cancelled.json().cancellationCreditId);
    expect(text).toContain(`Annule la facture ${invoice.number}`);
    expect(text).toContain('Déjà réglé 50,00 €');
    expect(text).toContain('remboursé ou imputé');
    expect(text).not.toContain('aucun montant n’est dû');
    for (const words of PAYMENT_REQUEST) expect(text, words).not.toContain(words);
  });
});
