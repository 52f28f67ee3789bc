// The CLI as a newcomer meets it (docs/cli.md): --help on every command and subcommand prints help
// and does nothing, --version, accounts list, db info, one-line errors with the fix for a busy
// port, an unreachable database and a missing file, and read-only commands that never create a
// database.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { helpFor, runCli } from '../src/cli.js';
import { VERSION } from '../src/version.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-cli1-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(env: NodeJS.ProcessEnv, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: { LOG_LEVEL: 'silent', ...env },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

const COMMANDS = [
  ['serve'],
  ['migrate'],
  ['db'],
  ['db', 'info'],
  ['accounts'],
  ['accounts', 'create'],
  ['accounts', 'list'],
  ['keys'],
  ['keys', 'create'],
  ['keys', 'list'],
  ['keys', 'revoke'],
  ['keys', 'regenerate'],
  ['audit'],
  ['audit', 'verify'],
  ['backup'],
  ['restore'],
];

describe('facturier CLI: help and version', () => {
  for (const words of COMMANDS) {
    for (const flag of ['--help', '-h']) {
      it(`${words.join(' ')} ${flag} prints its help and does nothing`, async () => {
        const file = path.join(dir, `help-${words.join('-')}${flag}.db`);
        const { code, stdout, stderr } = await run({ DATABASE_URL: `sqlite:${file}`, PORT: '1' }, ...words, flag, '--name', 'X');
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(stdout).toMatch(new RegExp(`^Usage: facturier ${words[0]}`));
        expect(existsSync(file)).toBe(false);
      });
    }
  }

  it('every subcommand has its own help naming it', () => {
    for (const words of COMMANDS.filter((w) => w.length === 2)) expect(helpFor(words)).toContain(`facturier ${words.join(' ')}`);
  });

  it('answers an unknown command with --help as bad usage', async () => {
    const { code, stderr } = await run({}, 'frobnicate', '--help');
    expect(code).toBe(64);
    expect(stderr).toMatch(/^unknown command "frobnicate"/);
  });

  it('prints the version with --version, -V and version', async () => {
    for (const flag of ['--version', '-V', 'version']) {
      const { code, stdout } = await run({}, flag);
      expect(code).toBe(0);
      expect(stdout).toBe(`facturier ${VERSION}\n`);
    }
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('facturier CLI: read-only commands and a missing database', () => {
  const missing = path.join(dir, 'typo', 'facturer.db');
  for (const argv of [
    ['db', 'info'],
    ['accounts', 'list'],
    ['audit', 'verify'],
    ['keys', 'list', '--account', '1'],
  ]) {
    it(`${argv.join(' ')} exits 2 with "no database at …" and creates nothing`, async () => {
      const { code, stdout, stderr } = await run({ DATABASE_URL: `sqlite:${missing}`, AUDIT_KEY: 'a'.repeat(64) }, ...argv);
      expect(stdout).toBe('');
      expect(stderr).toBe(`no database at ${missing}: check DATABASE_URL, or create one with \`facturier migrate\`\n`);
      expect(code).toBe(2);
      expect(existsSync(missing)).toBe(false);
      expect(existsSync(path.dirname(missing))).toBe(false);
    });
  }

  it('db info and accounts list describe an existing database', async () => {
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'info.db')}` };
    expect((await run(env, 'migrate')).code).toBe(0);
    const empty = await run(env, 'accounts', 'list');
    expect(empty).toEqual({ code: 0, stdout: 'No accounts\n', stderr: '' });
    const created = JSON.parse((await run(env, 'accounts', 'create', '--name', 'ACME SAS', '--json')).stdout);
    await run(env, 'keys', 'create', '--account', String(created.accountId), '--name', 'zapier');
    const listed = JSON.parse((await run(env, 'accounts', 'list', '--json')).stdout);
    expect(listed).toEqual([{ id: created.accountId, name: 'ACME SAS', createdAt: expect.any(String), activeKeys: 2 }]);
    expect((await run(env, 'accounts', 'list')).stdout).toMatch(
      new RegExp(`^${created.accountId}\tACME SAS\tcreated .+\t2 active key\\(s\\)\n$`),
    );

    const info = await run(env, 'db', 'info', '--json');
    expect(info.code).toBe(0);
    const body = JSON.parse(info.stdout);
    expect(body).toMatchObject({ dialect: 'sqlite', location: path.join(dir, 'info.db'), pending: [], unknown: [] });
    expect(body.schemaVersion).toMatch(/^0\d\d_/);
    expect(body.applied).toBeGreaterThan(10);
    expect(body.counts).toMatchObject({ accounts: 1, apiKeys: 2, receipts: 0 });
    const text = (await run(env, 'db', 'info')).stdout;
    expect(text).toContain(
      `Database: sqlite ${path.join(dir, 'info.db')}\nSchema version: ${body.schemaVersion} (${body.applied} migrations applied)\nPending: none\n`,
    );
  });
});

describe('facturier CLI: one-line errors with the fix', () => {
  it('a busy port: one line, exit 1, and no key printed', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const file = path.join(dir, 'busy.db');
      const { code, stdout, stderr } = await run(
        { DATABASE_URL: `sqlite:${file}`, PORT: String(port), HOST: '127.0.0.1', WORKER_THREADS: '1' },
        'serve',
      );
      expect(stderr).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the process that uses it, or set PORT to a free port\n`);
      expect(code).toBe(1);
      expect(stdout).not.toContain('fk_');
    } finally {
      blocker.close();
    }
  });

  it('an unreachable PostgreSQL: one line naming it without its password, exit 2', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) =>
      closed.close(() => {
        resolve();
      }),
    );
    const url = `postgres://app:secret@127.0.0.1:${port}/facturier`;
    for (const argv of [['migrate'], ['db', 'info'], ['accounts', 'list']]) {
      const { code, stderr } = await run({ DATABASE_URL: url, AUDIT_KEY: 'a'.repeat(64) }, ...argv);
      expect(stderr, argv.join(' ')).toBe(
        `Cannot reach the database at postgres://app:***@127.0.0.1:${port}/facturier (ECONNREFUSED): start PostgreSQL, or fix DATABASE_URL\n`,
      );
      expect(code).toBe(2);
    }
  });

  it('a missing file: one line, exit 1', async () => {
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'restore-target.db')}` };
    const { code, stderr } = await run(env, 'restore', path.join(dir, 'no-such-backup.db'));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('no-such-backup.db');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
