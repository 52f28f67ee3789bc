// CSV import of customers and products in the console (issue #31), in Debian's chromium on each
// database: a French spreadsheet (BOM, `;`, a quoted field holding `;` and doubled quotes) with one row
// the API refuses: the others are created through /v1/customers, the refused one is named by its line
// with the API's message in French; a `,` file with comma decimals: prices and VAT rates to the cent,
// a row that is not an amount flagged in the preview and not sent. axe-core on the preview.
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeConsole, expectAccessible, SHOTS } from './browser.js';

describeConsole('web console in a browser: CSV import', { user: 'import' }, (web) => {
  const { ctx } = web;

  it('imports the good customers of a French CSV and names the row the API refused, in French', async () => {
    await web.page.goto(`${web.base}/console/#/customers`);
    await web.page.getByRole('link', { name: 'Importer des clients (CSV)' }).click();
    await web.page.getByRole('heading', { name: 'Importer des clients (CSV)' }).waitFor();
    const csv =
      '\uFEFFRaison sociale;Prénom;Nom;E-mail;Code postal;Ville\r\n' +
      'Boulangerie Dupain;;;contact@dupain.example;75011;Paris\r\n' +
      ';Jeanne;Martin;pas-une-adresse;69001;Lyon\r\n' +
      '"Menuiserie ""Bois; et fils""";;;bois@menuiserie.example;33000;Bordeaux\r\n';
    await web.page.getByLabel('Fichier CSV').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const preview = web.page.getByTestId('import-preview');
    await preview.waitFor();
    // The BOM is not part of the first header: the column is recognised and mapped.
    expect(await web.page.getByLabel('Raison sociale', { exact: true }).inputValue()).toBe('0');
    expect(await web.page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('3');
    expect(await web.page.getByText(/Lignes lues : 3 ; prêtes : 3 ; avec une erreur : 0/).count()).toBe(1);
    expect(await preview.locator('tbody tr').nth(2).locator('td').nth(1).textContent()).toBe('Menuiserie "Bois; et fils"');
    await expectAccessible(web.page, 'CSV import preview');
    if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'import-preview.png') });

    await web.page.getByRole('button', { name: 'Importer les lignes prêtes (3)' }).click();
    const result = web.page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.locator('.notice').textContent()).toBe('Lignes importées : 2.');
    expect(await result.locator('li').allTextContents()).toEqual(['Ligne 3 : E-mail : Adresse e-mail invalide.']);
    await expectAccessible(web.page, 'CSV import result');
    if (ctx.dialect === 'sqlite' && SHOTS) {
      await web.page.setViewportSize({ width: 390, height: 844 });
      await web.page.screenshot({ path: path.join(SHOTS, 'phone-import-result.png') });
      await web.page.setViewportSize({ width: 1200, height: 800 });
    }

    const list = await ctx.inject({ method: 'GET', url: '/v1/customers?PageSize=100', headers: web.account.headers });
    const customers =
      list.json<{ companyName: string | null; lastName: string | null; email: string; billingAddress: { city: string } }[]>();
    expect(customers.map((c) => [c.companyName, c.email, c.billingAddress.city]).sort()).toEqual([
      ['Boulangerie Dupain', 'contact@dupain.example', 'Paris'],
      ['Menuiserie "Bois; et fils"', 'bois@menuiserie.example', 'Bordeaux'],
    ]);
  });

  it('imports products with comma decimals from a comma-separated file; a row that is not an amount is flagged and not sent', async () => {
    await web.page.goto(`${web.base}/console/#/import/products`);
    await web.page.getByRole('heading', { name: 'Importer des produits (CSV)' }).waitFor();
    const csv =
      'Désignation,Type,Prix HT,Taux de TVA\n' +
      'Conseil,Service,"1 200,50",20\n' +
      'Lampe,Produit,"49,90","5,5 %"\n' +
      'Chaise,Produit,douze,20\n';
    await web.page
      .getByLabel('Fichier CSV')
      .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const preview = web.page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await web.page.getByText(/Lignes lues : 3 ; prêtes : 2 ; avec une erreur : 1 \(séparateur « , »\)/).count()).toBe(1);
    expect(await preview.locator('tr.row-invalid').textContent()).toContain('Prix unitaire HT : « douze » n’est pas un montant.');
    await web.page.getByRole('button', { name: 'Importer les lignes prêtes (2)' }).click();
    const result = web.page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.locator('.notice').textContent()).toBe('Lignes importées : 2.');
    expect(await result.locator('li').allTextContents()).toEqual(['Ligne 4 : Prix unitaire HT : « douze » n’est pas un montant.']);

    const list = await ctx.inject({ method: 'GET', url: '/v1/products?PageSize=100', headers: web.account.headers });
    const products = list.json<{ name: string; type: string; unitPrice: number; vat: { rate: number } }[]>();
    expect(products.map((p) => [p.name, p.type, p.unitPrice, p.vat.rate]).sort()).toEqual([
      ['Conseil', 'Service', 1200.5, 20],
      ['Lampe', 'Product', 49.9, 5.5],
    ]);
  });
});
