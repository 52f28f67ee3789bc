// An account as it really starts (no company identity): a refused finalization says first, in one
// plain sentence, which settings to fill, then lists the rules; once they are filled it finalizes.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { salesClient, simpleLine, type SalesClient } from '../../helpers/sales.js';

describeEachDb('first steps: finalizing before the company identity is filled', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  beforeAll(async () => {
    a = await ctx.newAccount('Nouvelle SAS', { sellerIdentity: false });
    api = salesClient(ctx, a);
  });

  it('starts the refusal with the settings to fill, numbers nothing, and finalizes once they are filled', async () => {
    const customerId = await api.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });
    const draft = await api.draft('Invoice', { customerId, lines: [simpleLine(100)] });
    const refused = await api.finalize('Invoice', draft.id);
    expect(refused.statusCode).toBe(400);
    const detail: string = refused.json().detail;
    expect(detail).toMatch(
      /^Your company's identity is incomplete: fill in its SIRET \(company\.siret\), VAT number \(company\.vatNumber\) and address \(company\.invoicingAddress\) in the settings \(PUT \/v1\/settings, or Paramètres in the console\), then finalize again\. The invoice would not be a conforming e-invoice and was not finalized \(nothing was numbered\): BR-CO-26: /,
    );
    expect((await api.get('Invoice', draft.id)).json()).toMatchObject({ isDraft: true, number: null });
    await api.settings({
      company: {
        siret: '12345678200010',
        vatNumber: 'FR11123456782',
        invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      },
    });
    const done = await api.finalize('Invoice', draft.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isDraft: false, number: expect.stringMatching(/^F-\d{4}-00001$/) });
  });

  it('says nothing of the identity when it is complete and something else refuses', async () => {
    const foreign = await api.customer({
      companyName: 'Kunde GmbH',
      billingAddress: { street: 'Hauptstraße 5', zipcode: '10115', city: 'Berlin', countryIso: 'DE' },
    });
    const draft = await api.draft('Invoice', { customerId: foreign, lines: [simpleLine(100)], vatCategory: 'K' });
    const refused = await api.finalize('Invoice', draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^The invoice would not be a conforming e-invoice/);
  });
});
