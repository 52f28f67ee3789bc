import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { getAccountSettings } from '../../../src/modules/settings/service.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describeEachDb('settings', (ctx) => {
  let account: TestAccount;
  const get = (who = account) => ctx.inject({ method: 'GET', url: '/v1/settings', headers: who.headers });
  const put = (payload: object, who = account) => ctx.inject({ method: 'PUT', url: '/v1/settings', headers: who.headers, payload });

  beforeAll(async () => {
    account = await ctx.newAccount('Atelier Dupont', { sellerIdentity: false });
  });

  it('answers defaults for a new account: name, patterns, 30 days net, legal mentions', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(Object.keys(s).sort()).toEqual([
      'accounting',
      'bankDetails',
      'company',
      'documentDefaults',
      'einvoicing',
      'emailing',
      'general',
      'numbering',
      'reminders',
      'sales',
      'socials',
      'vat',
    ]);
    // Reminders are off until the account switches them on; the default schedule ends with the formal notice.
    expect(s.reminders).toMatchObject({ enabled: false, excludedCustomerIds: [] });
    expect(
      s.reminders.steps.map((step: { daysAfterDueDate: number; formalNotice: boolean }) => [step.daysAfterDueDate, step.formalNotice]),
    ).toEqual([
      [7, false],
      [30, false],
      [45, true],
    ]);
    expect(s.company).toMatchObject({ name: 'Atelier Dupont', siret: null, logoUri: null });
    expect(s.numbering).toEqual({
      creditPattern: 'AV-{yyyy}-{seq:5}',
      customerPrefix: 'C',
      invoicePattern: 'F-{yyyy}-{seq:5}',
      productPrefix: 'P',
      quotePattern: 'D-{yyyy}-{seq:5}',
      supplierPrefix: 'S',
    });
    expect(s.vat).toMatchObject({ liableToVat: true, vatMode: 'Auto' });
    expect(s.einvoicing).toEqual({
      frenchRules: 'Warn',
      platform: null,
      ereporting: { vatRegime: null, platformRegistrationNumber: null },
    });
    expect(s.sales.invoices.earlyFinalizationDuration).toBe(0);
    expect(s.sales.invoices.collectionCosts).toContain('40 €');
    expect(s.sales.btoBSettlementTerm).toEqual({
      conditions: [{ dayOfMonth: null, delay: 30, delayType: 'Days', id: 1, percent: 100, type: 'Net' }],
      id: 0,
      isCustom: false,
      name: '30 jours',
    });
  });

  it('has the values the WooCommerce plugin reads: a URL slug of the name and default classifications', async () => {
    const s = (await get()).json();
    expect(s.company.urlCompanyName).toBe('atelier-dupont');
    expect(s.sales.defaultShippingClassification).toMatchObject({ id: 7, accountNumber: '7085', type: 'Sale' });
    expect(s.sales.defaultProductClassification).toMatchObject({ accountNumber: '707' });
    expect(s.sales.defaultServiceClassification).toMatchObject({ accountNumber: '706' });
    const other = await ctx.newAccount('Pâtisserie Éloïse & Fils — SARL');
    expect((await get(other)).json().company.urlCompanyName).toBe('patisserie-eloise-fils-sarl');
    await put({ company: { urlCompanyName: 'eloise' } }, other);
    expect((await get(other)).json().company.urlCompanyName).toBe('eloise');
  });

  it('applies a partial update and keeps every other field', async () => {
    const first = await put({
      company: {
        legalStatus: 'SAS',
        siret: '732 829 320 00074',
        vatNumber: 'fr 44 732829320',
        capital: 10000,
        registrationNumber: 'RCS Paris 732 829 320',
        website: 'https://dupont.example.fr',
        invoicingAddress: { street: '1 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'fr' },
        contact: { email: 'contact@dupont.example.fr', phone: '01 02 03 04 05' },
      },
      bankDetails: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' },
      vat: { vatMode: 'Collection' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put({ sales: { invoices: { earlyFinalizationDuration: 3 } }, company: { legalStatus: 'SARL' } });
    expect(second.statusCode).toBe(200);
    const s = (await get()).json();
    expect(s.company).toMatchObject({
      legalStatus: 'SARL',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      capital: 10000,
      registrationNumber: 'RCS Paris 732 829 320',
      invoicingAddress: {
        street: '1 rue de la Paix',
        zipcode: '75002',
        city: 'Paris',
        countryIso: 'FR',
        inlineAddress: '1 rue de la Paix, 75002 Paris, France',
      },
      contact: { email: 'contact@dupont.example.fr', phone: '01 02 03 04 05' },
    });
    expect(s.company.headOfficeAddress).toEqual(s.company.invoicingAddress);
    expect(s.bankDetails).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' });
    expect(s.vat.vatMode).toBe('Collection');
    expect(s.sales.invoices.earlyFinalizationDuration).toBe(3);
    expect(s.sales.invoices.latePaymentPenalty).toContain('L441-10');
    expect(second.json()).toEqual(s);
  });

  it('null resets a field to its default', async () => {
    await put({ numbering: { invoicePattern: 'FA{yy}{mm}-{seq:4}' } });
    expect((await get()).json().numbering.invoicePattern).toBe('FA{yy}{mm}-{seq:4}');
    await put({ numbering: { invoicePattern: null } });
    expect((await get()).json().numbering.invoicePattern).toBe('F-{yyyy}-{seq:5}');
  });

  it('refuses invalid SIRET, VAT number, IBAN, BIC and patterns with ProblemDetails naming each field', async () => {
    const res = await put({
      company: { siret: '73282932000075', vatNumber: 'FR00732829320' },
      bankDetails: { iban: 'FR7630006000011234567890180', bic: 'BNP' },
      numbering: { invoicePattern: 'F-{yyyy}', creditPattern: 'AV-{seq}-{seq}', productPrefix: 'bad pref!' },
      general: { timezone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'bankDetails.bic',
      'bankDetails.iban',
      'company.siret',
      'company.vatNumber',
      'general.timezone',
      'numbering.creditPattern',
      'numbering.invoicePattern',
      'numbering.productPrefix',
    ]);
    const unknownToken = await put({ numbering: { invoicePattern: 'F-{yyyy}-{n}-{seq}' } });
    expect(unknownToken.json().errors['numbering.invoicePattern'][0]).toMatch(/Unknown token/);
    const tooLong = await put({ numbering: { creditPattern: `${'A'.repeat(38)}{seq}` } });
    expect(tooLong.json().errors).toHaveProperty(['numbering.creditPattern']);
    const mismatch = await put({ company: { vatNumber: 'FR40303265045' } });
    expect(mismatch.json().errors['company.vatNumber'][0]).toMatch(/SIREN/);
    const schema = await put({
      sales: { invoices: { earlyFinalizationDuration: -1 } },
      vat: { vatMode: 'Sometimes' },
      einvoicing: { frenchRules: 'Strict' },
    });
    expect(Object.keys(schema.json().errors).sort()).toEqual([
      'einvoicing.frenchRules',
      'sales.invoices.earlyFinalizationDuration',
      'vat.vatMode',
    ]);
    expect(schema.json().errors['einvoicing.frenchRules'][0]).toMatch(/Warn, Enforce/);
    // Nothing of the refused updates was kept.
    expect((await get()).json().company.siret).toBe('73282932000074');
  });

  it('sets a custom settlement term with conditions and names it in French', async () => {
    const res = await put({
      sales: {
        btoBSettlementTerm: {
          conditions: [
            { percent: 30, delay: 0 },
            { percent: 70, delay: 30, type: 'EndMonth' },
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sales.btoBSettlementTerm).toMatchObject({
      isCustom: true,
      conditions: [
        { id: 1, percent: 30 },
        { id: 2, percent: 70, type: 'EndMonth' },
      ],
    });
    expect(res.json().sales.btoBSettlementTerm.name).toContain('fin de mois');
    expect(res.json().sales.btoCSettlementTerm.isCustom).toBe(false);
    const bad = await put({
      sales: {
        btoCSettlementTerm: {
          conditions: [
            { percent: 50, delay: 0 },
            { percent: 40, delay: 30 },
          ],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^sales\.btoCSettlementTerm\.conditions/);
  });

  it('renames the account when the company name changes, as /hello shows', async () => {
    const res = await put({ company: { name: '  Dupont & Fils  ' } });
    expect(res.json().company.name).toBe('Dupont & Fils');
    const hello = await ctx.inject({ method: 'GET', url: '/hello', headers: { ...account.headers, accept: 'application/json' } });
    expect(hello.json()).toMatchObject({ companyName: 'Dupont & Fils', message: 'Hello Dupont & Fils' });
    const empty = await put({ company: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty(['company.name']);
  });

  it('stores a PNG logo given as a data URL (re-encoded) and serves it publicly; refuses other images and 1 MB + 1', async () => {
    const res = await put({ company: { logoUri: `data:image/png;base64,${PNG.toString('base64')}` } });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().company.logoUri;
    expect(url).toMatch(/^\/v1\/settings\/logo\/[\w-]+$/);
    const logo = await ctx.inject({ method: 'GET', url });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    expect(await sharp(logo.rawPayload).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());
    // Sending back the URL read keeps the logo.
    expect((await put({ company: { logoUri: url, legalStatus: 'SAS' } })).json().company.logoUri).toBe(url);
    const gif = await put({ company: { logoUri: GIF.toString('base64') } });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors['company.logoUri'][0]).toMatch(/PNG or JPEG/);
    const huge = Buffer.alloc(1024 * 1024 + 1);
    PNG.copy(huge);
    const tooBig = await put({ company: { logoUri: huge.toString('base64') } });
    expect(tooBig.json().errors['company.logoUri'][0]).toMatch(/at most/);
    const removed = await put({ company: { logoUri: null } });
    expect(removed.json().company.logoUri).toBeNull();
    expect((await ctx.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps accounts apart, and getAccountSettings returns the typed, defaulted settings', async () => {
    const other = await ctx.newAccount('Autre', { sellerIdentity: false });
    expect((await get(other)).json().company.siret).toBeNull();
    const settings = await getAccountSettings(ctx.db.kysely, account.accountId);
    expect(settings.company.siret).toBe('73282932000074');
    expect(settings.numbering.creditPattern).toBe('AV-{yyyy}-{seq:5}');
    expect(settings.sales.invoices.earlyFinalizationDuration).toBe(3);
  });
});
