// What the browser suites of the console share: the console built when missing, Debian's chromium
// started by playwright-core with a fresh profile, axe-core run in the page, screenshots for
// docs/console/ (CONSOLE_SCREENSHOTS=1).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/index.js';
import { describeEachDb, type TestAccount, type TestContext } from '../helpers/harness.js';
import { browserMissing, CHROMIUM } from '../helpers/referees.js';

export const root = path.resolve(import.meta.dirname, '../..');
export const SHOTS = process.env.CONSOLE_SCREENSHOTS === '1' ? path.join(root, 'docs/console') : null;
export const NBSP = /[\u00a0\u202f]/g;

/** Builds the console's files when the checkout was not built yet (npm run build does it). */
export async function ensureConsoleBuilt(): Promise<void> {
  if (existsSync(path.join(root, 'dist/console/index.html'))) return;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'console/vite.config.ts'), logLevel: 'warn' });
}

let axeSource: string | null = null;

/** axe-core in the page: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: { run: (o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    `${what}: ${JSON.stringify(violations)}`,
  ).toEqual([]);
}

/**
 * The French message under the field labelled `label` in `scope` (exactly, for a string), once the field
 * is marked invalid and described by it.
 */
export async function errorBeside(scope: Locator, label: string | RegExp): Promise<string> {
  const input = scope.getByLabel(label, { exact: typeof label === 'string' });
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const errorId = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `${String(label)} is described by its error`).toBeTruthy();
  return ((await scope.page().locator(`[id="${errorId}"]`).textContent()) ?? '').replaceAll(NBSP, ' ').trim();
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** `bypassCSP: false` sees the page as a user's browser does (the /docs suite); the console suites inject axe-core. */
export async function openBrowser(options: { bypassCSP?: boolean } = {}): Promise<Browser> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'facturier-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=fr-FR',
    ],
    viewport: { width: 1200, height: 800 },
    locale: 'fr-FR',
    acceptDownloads: true,
    // Lets the test inject axe-core into pages whose CSP forbids inline scripts.
    bypassCSP: options.bypassCSP ?? true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** What the page showed when a step failed, for whoever reads the failure. */
export async function screenshotFailure(page: Page, name: string): Promise<void> {
  const file = path.join(tmpdir(), `facturier-console-failure-${name.slice(0, 40).replace(/\W+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(
    `Screenshot of the failure: ${file}\n${
      (await page
        .locator('main')
        .textContent()
        .catch(() => '')) ?? ''
    }`,
  );
}

/**
 * Desktop and phone screenshots of the page as it is, for docs/console/ (with CONSOLE_SCREENSHOTS=1,
 * on SQLite only: both databases show the same pages); the page is left at desktop size.
 */
export async function screenshotBothSizes(page: Page, dialect: string, name: string): Promise<void> {
  if (dialect !== 'sqlite' || !SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `phone-${name}.png`) });
  await page.setViewportSize({ width: 1200, height: 800 });
}

export const PASSWORD = 'un mot de passe solide';

/** The app listening, an account with an Admin user of `email` (password PASSWORD), chromium open on a blank page. */
async function consoleWithUser(
  ctx: TestContext,
  email: string,
): Promise<{ base: string; account: TestAccount; browser: Browser; page: Page }> {
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const account = await ctx.newAccount('Atelier Lumière SAS');
  await createUser(ctx.db, {
    accountId: account.accountId,
    email,
    profile: 'Admin',
    firstName: 'Camille',
    lastName: 'Roux',
    password: PASSWORD,
  });
  const browser = await openBrowser();
  return { base, account, browser, page: browser.page };
}

/**
 * What most console suites start from: the app listening, an account with an Admin user of `email`,
 * chromium open and that user signed in on the dashboard (the landing page).
 */
export async function signedInConsole(
  ctx: TestContext,
  email: string,
): Promise<{ base: string; account: TestAccount; browser: Browser; page: Page }> {
  const opened = await consoleWithUser(ctx, email);
  const { base, page } = opened;
  await page.goto(`${base}/console/`);
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Tableau de bord', exact: true }).waitFor();
  return opened;
}

/** What a console suite is given; all but ctx and email are set by the suite's first hook (its beforeAll). */
export interface ConsoleSuite {
  ctx: TestContext;
  /** The Admin user's address: `${user}.${dialect}@atelier.example`. */
  email: string;
  /** The app's address (http://127.0.0.1:port), the console being at `${base}/console/`. */
  base: string;
  account: TestAccount;
  browser: Browser;
  page: Page;
}

/**
 * A browser suite of the console on each database (describeEachDb): skipped with the reason when
 * Debian's chromium is missing; otherwise the console built when missing, then (signIn, the default)
 * signedInConsole for the user `${user}.${dialect}@atelier.example`, or with `signIn: false` the same
 * account and user with chromium on a blank page (the suites that test signing in); a screenshot of
 * the page when a test fails; chromium closed at the end. The suite's own beforeAll hooks run after
 * this one, so they find the page and the account.
 */
export function describeConsole(
  name: string,
  options: { user: string; signIn?: boolean; env?: NodeJS.ProcessEnv; buildOptions?: Parameters<typeof describeEachDb>[3] },
  body: (suite: ConsoleSuite) => void,
): void {
  const missing = browserMissing(name);
  describeEachDb(
    name,
    (ctx) => {
      if (missing) {
        it.skip(missing, () => {});
        return;
      }
      const suite = { ctx, email: `${options.user}.${ctx.dialect}@atelier.example` } as ConsoleSuite;
      beforeAll(async () => {
        await ensureConsoleBuilt();
        Object.assign(suite, await (options.signIn === false ? consoleWithUser : signedInConsole)(ctx, suite.email));
      }, 120_000);
      afterEach(async ({ task }) => {
        if (task.result?.state === 'fail' && suite.page) await screenshotFailure(suite.page, `${ctx.dialect}-${task.name}`);
      });
      afterAll(async () => {
        await suite.browser?.close();
      });
      body(suite);
    },
    options.env,
    options.buildOptions,
  );
}
