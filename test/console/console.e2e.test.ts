// The web console in a real browser (Debian's chromium driven by playwright-core), against the app
// listening on a port, on each database: sign-in (wrong password refused), an API key created on
// the API access page and used on /hello, settings changed and seen on the next PDF, a customer and
// a draft with two VAT rates, the conformance check, finalization, the PDF, mark as paid; an
// expired session and a change without the CSRF token refused; axe-core on every page (no serious
// or critical violation). CONSOLE_SCREENSHOTS=1 writes the screenshots of docs/console/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { inspectPdf } from '../helpers/pdf-inspect.js';
import { png } from '../helpers/png.js';
import { describeConsole, expectAccessible, NBSP, PASSWORD, SHOTS } from './browser.js';

describeConsole('web console in a browser', { user: 'admin', signIn: false }, (web) => {
  const { ctx } = web;
  let context: BrowserContext;
  let apiHeaders: Record<string, string>;
  const { email } = web;

  async function shot(name: string, options: { fullPage?: boolean } = {}) {
    if (ctx.dialect === 'sqlite' && SHOTS)
      await web.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
  }

  /** axe-core in the page: no serious or critical violation. */
  const accessible = (what: string) => expectAccessible(web.page, what);

  /** The message shown under a field. */
  const fieldError = async (label: string) =>
    (
      (await web.page
        .locator('.field', { has: web.page.getByLabel(label, { exact: true }) })
        .locator('.field-error')
        .textContent()) ?? ''
    ).trim();
  const text = async (selector: string) => ((await web.page.locator(selector).first().textContent()) ?? '').replace(NBSP, ' ');

  beforeAll(() => {
    apiHeaders = web.account.headers;
    context = web.browser.context;
  });

  it('refuses a wrong password, then signs in with the right one', async () => {
    await web.page.goto(`${web.base}/console/`);
    await expect.poll(() => web.page.getByRole('heading', { name: 'Connexion' }).isVisible()).toBe(true);
    await accessible('sign-in');
    await shot('signin');
    await web.page.getByLabel('E-mail').fill(email);
    await web.page.getByLabel('Mot de passe').fill('pas le bon mot de passe');
    await web.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => text('[role=alert]')).toBe('E-mail ou mot de passe incorrect.');
    const cookiesAfterFailure = await context.cookies();
    expect(cookiesAfterFailure.find((c) => c.name === 'facturier_session')).toBeUndefined();
    await web.page.getByLabel('Mot de passe').fill(PASSWORD);
    await web.page.getByRole('button', { name: 'Se connecter' }).click();
    await web.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'facturier_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(await web.page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
  }, 60_000);

  it('says on the first page which company settings finalization needs, with a link to them, until they are filled', async () => {
    const settings = (await ctx.inject({ method: 'GET', url: '/v1/settings', headers: apiHeaders })).json();
    const { siret } = settings.company as { siret: string };
    const put = (company: object) => ctx.inject({ method: 'PUT', url: '/v1/settings', headers: apiHeaders, payload: { company } });
    const cleared = await put({ siret: null, invoicingAddress: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // The invoices' list says it (the dashboard's checklist too, tested in console-dashboard.e2e.test.ts).
    await web.page.getByRole('link', { name: 'Factures', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Factures' }).waitFor();
    await web.page.reload();
    await web.page.getByTestId('identity-notice').waitFor();
    expect(await text('[data-testid=identity-notice]')).toBe(
      'Avant de finaliser une facture, complétez l’identité de votre entreprise : SIRET, adresse. Ouvrir les paramètres',
    );
    await accessible('first page with the identity notice');
    await web.page.getByRole('link', { name: 'Ouvrir les paramètres' }).click();
    await web.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
    const address = { street: '8 rue des Ateliers', zipcode: '69001', city: 'Lyon', countryIso: 'FR' };
    expect((await put({ siret, invoicingAddress: address })).statusCode).toBe(200);
    await web.page.getByRole('link', { name: 'Factures', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Factures' }).waitFor();
    await web.page.getByText('Rien à afficher.').waitFor();
    await expect.poll(() => web.page.getByTestId('identity-notice').count()).toBe(0);
  }, 60_000);

  it('creates an API key shown once with its curl line, and the key answers /hello', async () => {
    await web.page.getByRole('link', { name: 'Accès API' }).click();
    await web.page.getByRole('heading', { name: 'Accès API' }).waitFor();
    await web.page.getByLabel('Nom de la clé').fill('Boutique en ligne');
    await web.page.getByRole('button', { name: 'Créer une clé' }).click();
    const dialog = web.page.getByRole('dialog');
    await dialog.waitFor();
    const key = (await dialog.locator('#new-key').textContent())!;
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.locator('pre.curl').textContent()).toBe(`curl -H "x-api-key: ${key}" ${web.base}/hello`);
    await accessible('API key dialog');
    await shot('apikey-created');
    const hello = await fetch(`${web.base}/hello`, { headers: { 'x-api-key': key } });
    expect(hello.status).toBe(200);
    expect(await hello.json()).toMatchObject({ companyName: 'Atelier Lumière SAS', apiKeyName: 'Boutique en ligne' });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    const row = web.page.getByRole('row', { name: /Boutique en ligne/ });
    await expect.poll(() => row.textContent()).toContain(key.slice(0, 9));
    expect(await web.page.content()).not.toContain(key);
    await accessible('API access');
    await shot('apikeys');
    await row.getByRole('button', { name: 'Révoquer Boutique en ligne' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click();
    await expect.poll(() => row.textContent()).toContain('Révoquée');
    expect((await fetch(`${web.base}/hello`, { headers: { 'x-api-key': key } })).status).toBe(401);
  }, 60_000);

  it("changes the settings: the API's validation message on the SIRET, a logo, bank details and a numbering pattern with its example", async () => {
    await web.page.getByRole('link', { name: 'Paramètres', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
    await web.page.getByLabel('Raison sociale').fill('Atelier Lumière');
    await web.page.getByLabel('SIRET').fill('123');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    // The API's message in French beside the field, and the field brought into view and focused
    // (the Save button is 2,600 px below it).
    await expect.poll(() => fieldError('SIRET')).toBe('Le SIRET doit compter 14 chiffres.');
    await expect.poll(() => web.page.getByLabel('SIRET').evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    await web.page.getByLabel('SIRET').fill('73282932000075');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(() => fieldError('SIRET'))
      .toBe('Le SIRET n’est pas valide : sa clé de contrôle ne correspond pas (vérifiez les chiffres).');
    await web.page.getByLabel('SIRET').fill('73282932000074');
    // The VAT number must be the SIREN's (main's settings check it against the SIRET).
    await web.page.getByLabel('N° de TVA intracommunautaire').fill('FR44732829320');
    await web.page.getByLabel('Forme juridique').fill('SAS');
    await web.page.getByLabel('Adresse').fill('12 rue des Lilas');
    await web.page.getByLabel('Code postal').fill('69003');
    await web.page.getByLabel('Ville').fill('Lyon');
    await web.page.getByLabel('IBAN').fill('FR7630006000011234567890189');
    await web.page.getByLabel('BIC').fill('AGRIFRPP');
    await web.page.getByLabel('Titulaire').fill('Atelier Lumière SAS');
    await web.page.getByLabel('Modèle des numéros de facture').fill('FAC-{yyyy}-{seq:3}');
    const year = new Date().getFullYear();
    await expect.poll(() => text('.hint:has-text("FAC-")')).toBe(`Exemple : FAC-${year}-001`);
    await web.page.getByLabel('Modèle des numéros d’avoir').fill('AV-{année}');
    await expect.poll(() => fieldError('Modèle des numéros d’avoir')).toMatch(/^Unknown token \{année\}/);
    await web.page.getByLabel('Modèle des numéros d’avoir').fill('AV-{yyyy}-{seq:4}');
    await web.page.getByLabel('Mentions en pied de facture').fill('Merci de votre confiance.');
    await web.page.locator('#logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 40) });
    await web.page.locator('img.logo-preview').waitFor();
    expect(await web.page.locator('img.logo-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const rules = web.page.getByLabel('Règles françaises de facturation électronique (BR-FR)');
    expect(await rules.inputValue()).toBe('Warn');
    await rules.selectOption('Enforce');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => text('.notice')).toBe('Paramètres enregistrés');
    expect(await web.page.locator('img.logo-preview').getAttribute('src')).toMatch(/\/v1\/settings\/logo\//);
    const stored = (await ctx.inject({ method: 'GET', url: '/v1/settings', headers: apiHeaders })).json();
    expect(stored.einvoicing.frenchRules).toBe('Enforce');
    await rules.selectOption('Warn');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(async () => (await ctx.inject({ method: 'GET', url: '/v1/settings', headers: apiHeaders })).json().einvoicing.frenchRules)
      .toBe('Warn');
    await accessible('settings');
    await shot('settings', { fullPage: true });
  }, 60_000);

  it('creates a customer and a product', async () => {
    await web.page.getByRole('link', { name: 'Clients' }).click();
    await web.page.getByRole('link', { name: 'Nouveau client' }).click();
    await web.page.getByRole('heading', { name: 'Nouveau client' }).waitFor();
    await web.page.getByLabel('Raison sociale').fill('Boulangerie Martin');
    await web.page.getByLabel('E-mail').fill('compta@boulangerie-martin.example');
    await web.page.getByLabel('Adresse').fill('3 place du Marché');
    await web.page.getByLabel('Code postal').fill('69002');
    await web.page.getByLabel('Ville').fill('Lyon');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Boulangerie Martin' }).waitFor();
    await accessible('customer');
    await shot('customer-edit');
    await web.page.getByRole('link', { name: '← Clients' }).click();
    await web.page.getByRole('link', { name: 'Boulangerie Martin' }).waitFor();
    await web.page.getByLabel('Rechercher').fill('boul');
    await expect.poll(() => web.page.getByRole('row').count()).toBe(2);
    await accessible('customers');
    await shot('customers');
    await web.page.getByRole('link', { name: 'Produits' }).click();
    await web.page.getByRole('link', { name: 'Nouveau produit' }).click();
    await web.page.getByLabel('Nom', { exact: true }).fill('Atelier photo');
    await web.page.getByLabel('Prix unitaire HT').fill('350,50');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Atelier photo' }).waitFor();
    await web.page.getByRole('link', { name: '← Produits' }).click();
    await expect.poll(() => text('table')).toContain('350,50 €');
    await accessible('products');
    await shot('products');
  }, 60_000);

  it('edits a draft with two VAT rates (totals from the API), checks it, finalizes it and downloads the PDF with the new settings', async () => {
    await web.page.getByRole('link', { name: 'Factures', exact: true }).click();
    await web.page.getByRole('link', { name: 'Nouvelle facture' }).click();
    await web.page.getByLabel('Client').selectOption({ label: 'Boulangerie Martin (C00001)' });
    await web.page.getByRole('button', { name: 'Nouveau' }).click();
    await web.page.getByRole('heading', { name: /brouillon/ }).waitFor();
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line1 = web.page.getByRole('group', { name: 'Ligne 1' });
    await line1.getByLabel('Description').fill('Séance photo');
    await line1.getByLabel('Quantité').fill('2');
    await line1.getByLabel('Prix unitaire HT').fill('100');
    await line1.getByLabel('TVA').selectOption('20');
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line2 = web.page.getByRole('group', { name: 'Ligne 2' });
    await line2.getByLabel('Description').fill('Tirages papier');
    await line2.getByLabel('Quantité').fill('3');
    await line2.getByLabel('Prix unitaire HT').fill('2,5');
    await line2.getByLabel('TVA').selectOption('5.5');
    await expect.poll(() => text('[data-testid=total-ttc]'), { timeout: 15_000 }).toBe('247,91 €');
    expect(await text('[data-testid=total-ht]')).toBe('207,50 €');
    expect((await text('.totals')).replace(/\s+/g, ' ')).toContain('TVA 5,5 %0,41 €');
    await web.page.getByLabel('Quantité').first().fill('2,x');
    await expect.poll(() => text('.field.invalid .field-error')).toBe('≠ 1,5');
    await web.page.getByLabel('Quantité').first().fill('2');
    await expect.poll(() => text('.save-state')).toBe('Brouillon enregistré');
    await web.page.getByRole('button', { name: 'Vérifier la conformité' }).click();
    await web.page.getByRole('region', { name: /Aucune anomalie|Points à corriger/ }).waitFor();
    await accessible('draft editor');
    await shot('invoice-draft', { fullPage: true });
    await web.page.getByRole('button', { name: 'Finaliser' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Finaliser' }).click();
    const year = new Date().getFullYear();
    await web.page.getByRole('heading', { name: `FAC-${year}-001` }).waitFor();
    expect(await text('[data-testid=balance]')).toBe('247,91 €');
    // A business customer without SIREN: the French rules did not refuse it (Warn), and stay shown.
    await web.page.getByRole('region', { name: 'Règles françaises de facturation électronique non respectées' }).waitFor();
    expect(await text('[data-testid=kept-warnings]')).toContain('BR-FR-11_BT-47');
    // Said in plain French, the field to fix named once, a link to the customer's form; the rules kept, folded.
    const kept = web.page.getByTestId('kept-warnings');
    const siren = kept.getByTestId('finding').filter({ hasText: 'Le SIREN/SIRET du client : à compléter ou corriger.' });
    await expect.poll(() => siren.count()).toBe(1);
    expect(await siren.getByRole('link', { name: 'Corriger' }).getAttribute('href')).toMatch(/^#\/customers\/\d+$/);
    expect(await siren.locator('details').getAttribute('open')).toBeNull();
    const [download] = await Promise.all([
      web.page.waitForEvent('download'),
      web.page.getByRole('link', { name: 'Télécharger le PDF' }).click(),
    ]);
    const file = await download.path();
    const pdf = await inspectPdf(readFileSync(file));
    const pdfText = pdf.pageTexts.join('\n');
    expect(pdfText).toContain(`FAC-${year}-001`);
    expect(pdfText).toContain('Atelier Lumière');
    expect(pdfText).toContain('SIRET 732 829 320 00074');
    expect(pdfText).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(pdfText).toContain('Merci de votre confiance.');
    expect(pdfText).toContain('247,91');
  }, 90_000);

  it('marks the invoice as paid; the receipt is listed', async () => {
    await web.page.getByRole('button', { name: 'Marquer comme payée' }).click();
    const dialog = web.page.getByRole('dialog');
    expect(await dialog.getByLabel('Montant').inputValue()).toBe('247,91');
    // The API's payment methods, in French.
    expect(await dialog.locator('select option').allTextContents()).toEqual([
      'Virement',
      'Chèque',
      'Carte',
      'Espèces',
      'Prélèvement',
      'Effet (LCR)',
      'CESU',
      'Autre',
    ]);
    await accessible('mark as paid');
    await dialog.getByRole('button', { name: 'Marquer comme payée' }).click();
    await expect.poll(() => text('[data-testid=balance]')).toBe('0,00 €');
    expect(await text('.badge')).toBe('Payée');
    await accessible('paid invoice');
    await shot('invoice-paid', { fullPage: true });
    await web.page.getByRole('link', { name: '← Factures' }).click();
    await web.page.getByRole('link', { name: 'Payée' }).click();
    await expect.poll(() => text('table')).toContain(`FAC-${new Date().getFullYear()}-001`);
    await accessible('invoices');
    await shot('invoices');
    await web.page.getByRole('link', { name: 'Encaissements' }).click();
    await expect.poll(() => text('table')).toContain('247,91 €');
    // The method in French, the invoice by its number.
    expect(await text('tbody td:nth-child(3)')).toBe('Virement');
    expect(await text('tbody td:nth-child(4)')).toBe(`FAC-${new Date().getFullYear()}-001 (247,91 €) `);
    await accessible('receipts');
    await shot('receipts');
    await web.page.getByRole('link', { name: 'Mon compte' }).click();
    await web.page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await accessible('account');
    await shot('account');
  }, 60_000);

  it('works on a phone-sized screen, in English too', async () => {
    await web.page.setViewportSize({ width: 390, height: 844 });
    await web.page.getByRole('button', { name: 'English' }).click();
    await web.page.getByRole('heading', { name: 'My account' }).waitFor();
    await web.page.getByRole('button', { name: 'Menu' }).click();
    await web.page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect.poll(() => text('table')).toContain('€');
    await accessible('phone, English');
    await shot('phone-invoices');
    await web.page.getByRole('button', { name: 'Français' }).count();
    await web.page.evaluate(() => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('facturier.lang', 'fr');
    });
    await web.page.setViewportSize({ width: 1200, height: 800 });
    await web.page.reload();
    await web.page.getByRole('heading', { name: 'Factures' }).waitFor();
  }, 60_000);

  it('refuses a change without the CSRF token (403), even with the session cookie', async () => {
    const status = await web.page.evaluate(async () => {
      const res = await fetch('/v1/customers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"companyName":"Sans jeton"}',
      });
      return res.status;
    });
    expect(status).toBe(403);
    const list = await web.page.evaluate(async () => (await fetch('/v1/customers?query=Sans')).json());
    expect(list).toEqual([]);
  });

  it('sends an expired session back to the sign-in page', async () => {
    await ctx.db.kysely
      .updateTable('userSessions')
      .set({ expiresAt: Date.now() - 1000 })
      .execute();
    await web.page.getByRole('link', { name: 'Clients' }).click();
    await web.page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await text('.notice')).toBe('Votre session a expiré : reconnectez-vous.');
  });
});
