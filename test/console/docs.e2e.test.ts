// The interactive API documentation (/docs) in a real browser, as a user's browser sees it: with the
// page's own Content-Security-Policy applied (no bypass), on the default install's plain HTTP. The
// page loads the OpenAPI document, lists the operations, and "Try it out" on GET /hello, with the
// API key given to "Authorize", answers 200.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { browserMissing } from '../helpers/referees.js';
import { openBrowser, screenshotFailure, type Browser } from './browser.js';

const missing = browserMissing('docs.e2e.test.ts');

describeEachDb('API documentation (/docs) in a browser', (ctx) => {
  if (missing) {
    it.skip(missing, () => {});
    return;
  }
  let browser: Browser;
  let page: Page;
  let base: string;
  let account: TestAccount;
  const problems: string[] = [];

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    account = await ctx.newAccount('Docs SAS');
    browser = await openBrowser({ bypassCSP: false });
    page = browser.page;
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads the API definition over plain HTTP, lists the operations, and Try it out on GET /hello answers 200', async () => {
    try {
      await page.goto(`${base}/docs`);
      await page.locator('.opblock-tag-section').first().waitFor();
      expect(await page.getByText('Failed to load API definition').count()).toBe(0);
      expect(await page.locator('.opblock-tag-section').count()).toBeGreaterThan(25);
      // The tags open on their operations.
      await page.locator('#operations-tag-SaleInvoices').click();
      await page.locator('.opblock-summary-path', { hasText: /^\/v1\/saleinvoices\/finalize\/\{id\}$/ }).waitFor();
      await page.locator('#operations-tag-Hello').click();

      await page.locator('.auth-wrapper button.authorize').click();
      const apiKey = page.locator('.dialog-ux .auth-container').first();
      await apiKey.locator('input').fill(account.apiKey);
      await apiKey.locator('button.modal-btn.authorize').click();
      await apiKey.locator('button', { hasText: 'Logout' }).waitFor();
      await apiKey.locator('button.btn-done').click();

      const hello = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/hello$/ }) });
      await hello.locator('.opblock-summary').click();
      await hello.getByRole('button', { name: 'Try it out' }).click();
      await hello.getByRole('button', { name: 'Execute' }).click();
      const status = hello.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor();
      expect((await status.textContent())?.trim()).toBe('200');
      expect(await hello.locator('.live-responses-table .microlight').first().textContent()).toContain('Docs SAS');
      expect(problems).toEqual([]);
    } catch (err) {
      await screenshotFailure(page, 'docs');
      throw err;
    }
  }, 60_000);
});
