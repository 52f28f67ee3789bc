// facturier users create | list | reset-password, and the one-time sign-in link they print.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { TEST_AUDIT_KEY } from './helpers/harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-cli-users-'));
const file = path.join(dir, 'cli.db');
const env = { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY, PUBLIC_URL: 'https://factures.example' };
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/** Signs in with the link's token through the API, as the console does. */
async function signInWith(link: string) {
  const token = link.slice(link.indexOf('#/link/') + '#/link/'.length);
  const db = openDatabase({ dialect: 'sqlite', file });
  const app = await buildApp({ ...loadConfig(env), database: { dialect: 'sqlite', file } }, db);
  try {
    const res = await app.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token } });
    return { status: res.statusCode, body: res.json() };
  } finally {
    await app.close();
    await db.close();
  }
}

describe('facturier users', () => {
  let accountId: number;
  let firstLink: string;

  it('creates an invited user and prints a one-time sign-in link under PUBLIC_URL', async () => {
    accountId = JSON.parse((await run('accounts', 'create', '--name', 'Atelier SAS', '--json')).stdout).accountId;
    const res = await run(
      'users',
      'create',
      '--account',
      String(accountId),
      '--email',
      'Compta@Atelier.example',
      '--profile',
      'Accountant',
      '--json',
    );
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({ accountId, email: 'compta@atelier.example', profile: 'Accountant', status: 'InvitationSent' });
    expect(out.signInLink).toMatch(/^https:\/\/factures\.example\/console\/#\/link\/[A-Za-z0-9_-]{43}$/);
    firstLink = out.signInLink;
    const text = await run('users', 'create', '--account', String(accountId), '--email', 'marie@atelier.example', '--first-name', 'Marie');
    expect(text.stdout).toMatch(
      /^Created user \d+ marie@atelier\.example \(Standard\)\. One-time sign-in link, valid 24 hours:\n {2}https:\/\/factures\.example\/console\/#\/link\//,
    );
  });

  it('refuses a second user with the same e-mail, an unknown profile and a missing e-mail', async () => {
    const again = await run('users', 'create', '--account', String(accountId), '--email', 'compta@atelier.example');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('A user with the e-mail compta@atelier.example already exists\n');
    expect((await run('users', 'create', '--account', String(accountId), '--email', 'x@y.example', '--profile', 'Root')).code).toBe(64);
    expect((await run('users', 'create', '--account', String(accountId))).code).toBe(64);
    const noAccount = await run('users', 'create', '--account', '999', '--email', 'z@y.example');
    expect(noAccount.code).toBe(1);
    expect(noAccount.stderr).toBe('Account 999 not found\n');
  });

  it("lists the account's users", async () => {
    const res = await run('users', 'list', '--account', String(accountId), '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).map((u: { email: string; profile: string; status: string }) => [u.email, u.profile, u.status])).toEqual([
      ['compta@atelier.example', 'Accountant', 'InvitationSent'],
      ['marie@atelier.example', 'Standard', 'InvitationSent'],
    ]);
  });

  it('the link signs in once; reset-password makes a new one and the old is spent', async () => {
    const first = await signInWith(firstLink);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: 'compta@atelier.example', status: 'Active' });
    expect((await signInWith(firstLink)).status).toBe(401);
    const reset = await run('users', 'reset-password', '--email', 'compta@atelier.example', '--json');
    expect(reset.code).toBe(0);
    const link = JSON.parse(reset.stdout).signInLink as string;
    const again = await signInWith(link);
    expect(again.status).toBe(200);
    expect(again.body.passwordSet).toBe(false);
    const unknown = await run('users', 'reset-password', '--email', 'nobody@atelier.example');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('User nobody@atelier.example not found\n');
  });
});
