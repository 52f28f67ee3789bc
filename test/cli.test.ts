import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installProcessGuards, runCli } from '../src/cli.js';
import { openDatabase } from '../src/db/connection.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-cli-'));
const env = { DATABASE_URL: `sqlite:${path.join(dir, 'cli.db')}`, LOG_LEVEL: 'silent' };
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('facturier CLI', () => {
  it('migrates an empty database, then reports it up to date', async () => {
    const first = await run('migrate');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Applied: 001_foundation, 002_master_data/);
    expect((await run('migrate')).stdout).toBe('Database is up to date\n');
  });

  it('creates an account and prints {accountId, apiKey} with --json', async () => {
    const { code, stdout } = await run('accounts', 'create', '--name', 'ACME SAS', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toEqual(['accountId', 'apiKey']);
    expect(out.accountId).toBeGreaterThan(0);
    expect(out.apiKey).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
  });

  it('creates, lists and revokes keys', async () => {
    const account = JSON.parse((await run('accounts', 'create', '--name', 'Keys SARL', '--json')).stdout);
    const created = JSON.parse((await run('keys', 'create', '--account', String(account.accountId), '--name', 'zapier', '--json')).stdout);
    expect(created.name).toBe('zapier');
    const listed = JSON.parse((await run('keys', 'list', '--account', String(account.accountId), '--json')).stdout);
    expect(listed.map((k: { name: string }) => k.name)).toEqual(['Default', 'zapier']);
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
    expect((await run('keys', 'revoke', '--account', String(account.accountId), '--key', String(created.keyId))).code).toBe(0);
    const after = JSON.parse((await run('keys', 'list', '--account', String(account.accountId), '--json')).stdout);
    expect(after[1].revokedAt).not.toBeNull();
    const again = await run('keys', 'revoke', '--account', String(account.accountId), '--key', String(created.keyId));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Active API key ${created.keyId} not found\n`);
    const db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'cli.db') });
    const row = await db.kysely.selectFrom('apiKeys').select('keyHash').where('id', '=', created.keyId).executeTakeFirstOrThrow();
    await db.close();
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('regenerates a key', async () => {
    const account = JSON.parse((await run('accounts', 'create', '--name', 'Regen', '--json')).stdout);
    const keys = JSON.parse((await run('keys', 'list', '--account', String(account.accountId), '--json')).stdout);
    const fresh = JSON.parse(
      (await run('keys', 'regenerate', '--account', String(account.accountId), '--key', String(keys[0].id), '--json')).stdout,
    );
    expect(fresh.apiKey).not.toBe(account.apiKey);
    expect(fresh.name).toBe('Default');
  });

  it.each([
    [['accounts', 'create'], 64, '--name is required'],
    [['keys', 'list', '--account', 'abc'], 64, '--account must be a positive integer'],
    [['keys', 'list', '--account', '99999'], 1, 'Account 99999 not found'],
    [['accounts', 'create', '--name', 'X', '--bogus'], 64, "Unknown option '--bogus'"],
    [['frobnicate'], 64, 'unknown command "frobnicate"'],
  ])('refuses %j with exit code %i', async (argv, code, message) => {
    const res = await run(...argv);
    expect(res.code).toBe(code);
    expect(res.stderr).toContain(message);
  });

  it('reports a bad configuration with exit code 2', async () => {
    let stderr = '';
    const code = await runCli(['migrate'], { env: { PORT: 'x' }, stdout: () => {}, stderr: (t) => void (stderr += t) });
    expect(code).toBe(2);
    expect(stderr).toBe('Configuration error: PORT must be an integer, got "x"\n');
  });

  it('prints usage for help', async () => {
    const res = await run('--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage:\n {2}facturier serve/);
  });
});

describe('process guards of facturier serve', () => {
  it('log an uncaught exception and an unhandled rejection with pino at error level, with the stack, and keep the process', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
    // A stand-in for `process`: emitting on the real one would reach the test runner's own handlers.
    const target = new EventEmitter();
    const remove = installProcessGuards(app.log, target);

    // Without a listener, emitting 'uncaughtException' answers false (Node would exit); with one, true.
    expect(target.emit('uncaughtException', new Error('thrown from a zlib callback'), 'uncaughtException')).toBe(true);
    expect(target.emit('unhandledRejection', new Error('nobody awaited this'), Promise.resolve())).toBe(true);

    expect(lines.map((l) => [l.level, l.msg, (l.err as { message: string }).message])).toEqual([
      [50, 'uncaught exception: logged, the server keeps serving', 'thrown from a zlib callback'],
      [50, 'unhandled promise rejection: logged, the server keeps serving', 'nobody awaited this'],
    ]);
    expect((lines[0].err as { stack: string }).stack).toContain('thrown from a zlib callback');
    expect(lines[0].origin).toBe('uncaughtException');

    remove();
    expect(target.listenerCount('uncaughtException') + target.listenerCount('unhandledRejection')).toBe(0);
    await app.close();
  });
});
