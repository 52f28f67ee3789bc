// Keyboard shortcuts and the dark theme of the console (issue #31), in Debian's chromium on each
// database: ? opens the list of shortcuts (a dialog, Escape closes it), g then a letter goes to a
// page, / puts the cursor in the page's search box, n opens a new invoice, and keys typed in a field
// stay in the field. The system's dark colour scheme (emulated) gives the dark colours, with no
// serious axe-core violation; the light one the light colours.
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeConsole, expectAccessible, SHOTS } from './browser.js';

describeConsole('web console in a browser: keyboard shortcuts and dark theme', { user: 'keys' }, (web) => {
  const { ctx } = web;
  const heading = (name: string) => web.page.getByRole('heading', { level: 1, name, exact: true });
  const style = (selector: string, property: 'color' | 'backgroundColor') =>
    web.page
      .locator(selector)
      .first()
      .evaluate((e, p) => e.ownerDocument.defaultView?.getComputedStyle(e)[p], property);

  it('? lists the shortcuts; g then a letter goes to a page; / focuses the search box; n opens a new invoice; keys in a field stay there', async () => {
    await web.page.goto(`${web.base}/console/#/invoices`);
    await heading('Factures').waitFor();
    await web.page.keyboard.press('?');
    const dialog = web.page.getByRole('dialog', { name: 'Raccourcis clavier' });
    await dialog.waitFor();
    expect(((await dialog.getByTestId('shortcuts').textContent()) ?? '').replace(/\s+/g, ' ')).toContain('g puis iAller à : Factures');
    await expectAccessible(web.page, 'shortcuts dialog');
    if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'shortcuts.png') });
    // While the dialog is open, its keys are its own: g then c does not navigate under it.
    await web.page.keyboard.press('g');
    await web.page.keyboard.press('c');
    expect(new URL(web.page.url()).hash).toBe('#/invoices');
    await web.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await web.page.keyboard.press('g');
    await web.page.keyboard.press('c');
    await heading('Clients').waitFor();
    expect(new URL(web.page.url()).hash).toBe('#/customers');
    // The console moves the focus to the title on navigation; the search box is focused after that.
    await web.page.locator('h1:focus').waitFor();
    await web.page.keyboard.press('/');
    // The page's own search box (the list's), not the header's global one.
    const pageSearch = web.page.getByRole('searchbox', { name: 'Rechercher', exact: true });
    const searchId = await pageSearch.getAttribute('id');
    await expect.poll(() => web.page.locator(':focus').getAttribute('id')).toBe(searchId);
    // Typed in the search box, "n" and "g b" are letters, not shortcuts.
    await web.page.keyboard.type('ngb');
    expect(await pageSearch.inputValue()).toBe('ngb');
    expect(new URL(web.page.url()).hash).toBe('#/customers');
    await pageSearch.blur();

    await web.page.keyboard.press('g');
    await web.page.keyboard.press('b');
    await heading('Banque').waitFor();
    await web.page.keyboard.press('g');
    await web.page.keyboard.press('x');
    await heading('Exports comptables').waitFor();
    await web.page.keyboard.press('n');
    await heading('Nouvelle facture').waitFor();
    expect(new URL(web.page.url()).hash).toBe('#/invoices/new');
    // With a modifier the key is the browser's: Ctrl+G is no "g".
    await web.page.keyboard.press('Control+g');
    await web.page.keyboard.press('i');
    expect(new URL(web.page.url()).hash).toBe('#/invoices/new');
  });

  it('follows the system: dark colours under a dark colour scheme, accessible; light ones otherwise', async () => {
    await web.page.emulateMedia({ colorScheme: 'dark' });
    await web.page.goto(`${web.base}/console/#/customers`);
    await heading('Clients').waitFor();
    expect(await style('body', 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');
    expect(await style('html', 'backgroundColor')).toBe('rgb(16, 21, 29)');
    expect(await style('html', 'color')).toBe('rgb(230, 235, 242)');
    expect(await style('main input[type=search]', 'backgroundColor')).toBe('rgb(25, 33, 44)');
    await expectAccessible(web.page, 'customers, dark');
    if (ctx.dialect === 'sqlite' && SHOTS) await web.page.screenshot({ path: path.join(SHOTS, 'dark-customers.png') });
    await web.page.goto(`${web.base}/console/#/exports`);
    await heading('Exports comptables').waitFor();
    await expectAccessible(web.page, 'exports, dark');
    if (ctx.dialect === 'sqlite' && SHOTS) {
      await web.page.setViewportSize({ width: 390, height: 844 });
      await web.page.screenshot({ path: path.join(SHOTS, 'phone-dark-exports.png') });
      await web.page.setViewportSize({ width: 1200, height: 800 });
    }

    await web.page.emulateMedia({ colorScheme: 'light' });
    expect(await style('html', 'backgroundColor')).toBe('rgb(245, 247, 250)');
    expect(await style('html', 'color')).toBe('rgb(28, 35, 48)');
    expect(await style('main input', 'backgroundColor')).toBe('rgb(255, 255, 255)');
  });
});
