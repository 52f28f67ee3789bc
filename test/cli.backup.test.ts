// `facturier backup FILE` and `facturier restore FILE`: a backup taken while the server finalizes
// invoices is one consistent state of the database; restored, its audit chains verify and numbering
// goes on from its last number without a gap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrations } from '../src/db/migrations/index.js';
import { TEST_SELLER_IDENTITY } from './helpers/harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-backup-'));
const live = path.join(dir, 'live.db');
const envOf = (file: string) => ({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' });
/** A restored database with the audit key it was sealed with (the live database's key file, restored with it). */
const restoredEnvOf = (file: string) => ({ ...envOf(file), AUDIT_KEY_FILE: `${live}.audit-key` });
const latest = migrations.at(-1)!.name;

async function run(env: NodeJS.ProcessEnv, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/** A server on a database file, reached through inject; any 5xx fails the test. */
async function serverOn(file: string, env = envOf(file)) {
  const db = openDatabase({ dialect: 'sqlite', file });
  const app = await buildApp(loadConfig(env), db);
  const inject = async (options: InjectOptions) => {
    const res = await app.inject(options);
    if (res.statusCode >= 500)
      throw new Error(`${options.method ?? 'GET'} ${JSON.stringify(options.url)} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  return {
    db,
    app,
    inject,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

const sequence = (number: string) => Number(/(\d+)$/.exec(number)![1]);

/** Finalized invoices of a database file, in number order. */
async function finalizedIn(file: string): Promise<{ id: number; number: string; chainIndex: number }[]> {
  const db = openDatabase({ dialect: 'sqlite', file });
  try {
    const rows = await db.kysely
      .selectFrom('saleDocuments')
      .select(['id', 'number', 'chainIndex'])
      .where('kind', '=', 'Invoice')
      .where('isDraft', '=', false)
      .execute();
    return rows
      .map((r) => ({ id: r.id, number: r.number!, chainIndex: r.chainIndex! }))
      .sort((a, b) => sequence(a.number) - sequence(b.number));
  } finally {
    await db.close();
  }
}

describe('facturier backup and restore', () => {
  let server: Awaited<ReturnType<typeof serverOn>>;
  let headers: Record<string, string>;

  const draft = async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers,
      payload: {
        customerName: 'Dupont SARL',
        lines: [{ description: 'Prestation', quantity: 3, taxExcludedPrice: 123.45, vat: { rate: 20 } }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };

  beforeAll(async () => {
    const account = JSON.parse((await run(envOf(live), 'accounts', 'create', '--name', 'ACME', '--json')).stdout);
    headers = { 'x-api-key': account.apiKey };
    server = await serverOn(live);
    // A seller that can issue conforming e-invoices (finalization refuses BR-S-02 without a VAT number).
    const settings = await server.inject({ method: 'PUT', url: '/v1/settings', headers, payload: TEST_SELLER_IDENTITY });
    expect(settings.statusCode, settings.body).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while invoices are being finalized; the restored copy verifies and numbering goes on without a gap', async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 200; i++) drafts.push(await draft());
    for (const id of drafts.splice(0, 30)) {
      expect((await server.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers })).statusCode).toBe(200);
    }

    // Eight clients finalize drafts one after the other until the backup has ended.
    let backupRunning = true;
    let duringBackup = 0;
    const finalized: string[] = [];
    const client = async () => {
      while (backupRunning && drafts.length > 0) {
        const res = await server.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${drafts.shift()!}`, headers });
        expect(res.statusCode, res.body).toBe(200);
        finalized.push(res.json().number);
        if (backupRunning) duringBackup++;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((resolve) => setImmediate(resolve));
    const before = finalized.length;
    const backupFile = path.join(dir, 'under-load.db');
    const backup = await run(envOf(live), 'backup', backupFile, '--json');
    backupRunning = false;
    await Promise.all(clients);

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const report = JSON.parse(backup.stdout);
    expect(report).toMatchObject({ database: live, file: backupFile, pageSize: 16384, migration: latest, replaced: false });
    expect(report.bytes).toBe(readFileSync(backupFile).length);
    expect(report.pages * report.pageSize).toBe(report.bytes);
    expect(existsSync(`${backupFile}-wal`)).toBe(false);
    // The server went on committing finalizations while the backup ran (the test proves nothing otherwise).
    expect(duringBackup).toBeGreaterThan(0);
    expect(drafts.length).toBeGreaterThan(0);

    // One consistent state: the invoices of the backup are numbers 1..k, k between what was
    // finalized when the backup started and what was finalized when it ended, each identical to the live one.
    const inBackup = await finalizedIn(backupFile);
    const inLive = await finalizedIn(live);
    const k = inBackup.length;
    expect(k).toBeGreaterThanOrEqual(30 + before);
    expect(k).toBeLessThanOrEqual(30 + finalized.length);
    expect(inBackup.map((d) => sequence(d.number))).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    expect(inBackup).toEqual(inLive.slice(0, k));

    // Restored into a new database file: no --force needed, nothing replaced.
    const restoredFile = path.join(dir, 'restored', 'facturier.db');
    rmSync(path.dirname(restoredFile), { recursive: true, force: true });
    const noDir = await run(envOf(restoredFile), 'restore', backupFile);
    expect(noDir.code).toBe(1);
    expect(noDir.stderr).toBe(`Directory ${path.dirname(restoredFile)} of DATABASE_URL does not exist\n`);
    mkdirSync(path.dirname(restoredFile));
    const restore = await run(envOf(restoredFile), 'restore', backupFile);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(
      new RegExp(
        `^Restored ${backupFile} into ${restoredFile}: \\d+ bytes, schema ${latest}, in \\d+ ms\\nCheck it with: facturier audit verify\\n$`,
      ),
    );
    expect(readdirSync(path.dirname(restoredFile))).toEqual(['facturier.db']);

    const audit = await run(restoredEnvOf(restoredFile), 'audit', 'verify', '--json');
    expect(audit.code).toBe(0);
    expect(JSON.parse(audit.stdout).chains[0]).toMatchObject({ accountId: 1, kind: 'Invoice', documents: k, ok: true, broken: null });

    // The next finalization on the restored database takes number k + 1.
    const restored = await serverOn(restoredFile, restoredEnvOf(restoredFile));
    try {
      const stillDraft = inLive.length > k ? inLive[k].id : drafts[0];
      const next = await restored.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${stillDraft}`, headers });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().number).toBe(inBackup[k - 1].number.replace(/\d+$/, String(k + 1).padStart(5, '0')));
    } finally {
      await restored.close();
    }
    expect((await run(restoredEnvOf(restoredFile), 'audit', 'verify')).code).toBe(0);
  });

  it('refuses to overwrite an existing backup file unless --force', async () => {
    const file = path.join(dir, 'existing.db');
    writeFileSync(file, 'precious');
    const refused = await run(envOf(live), 'backup', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`${file} already exists: choose another name, or pass --force to replace it\n`);
    expect(readFileSync(file, 'utf8')).toBe('precious');

    const forced = await run(envOf(live), 'backup', '--force', file);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(
      new RegExp(`^Backed up ${live} to ${file} \\(replaced\\): \\d+ bytes \\(\\d+ pages of 16384\\), schema ${latest}, in \\d+ ms\\n$`),
    );
    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
    // Only the backup is left in the directory: no temporary file.
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses to back up onto the database itself, into a missing directory, or a database that is missing, not SQLite or not Facturier', async () => {
    const self = await run(envOf(live), 'backup', '--force', live);
    expect(self.code).toBe(1);
    expect(self.stderr).toBe(`${live} is the database itself: choose another backup file\n`);
    const missingDir = path.join(dir, 'nope', 'b.db');
    expect((await run(envOf(live), 'backup', missingDir)).stderr).toBe(`Directory ${path.dirname(missingDir)} does not exist\n`);
    const none = path.join(dir, 'none.db');
    const noDb = await run(envOf(none), 'backup', path.join(dir, 'b.db'));
    expect(noDb.code).toBe(1);
    expect(noDb.stderr).toBe(`No database at ${none} (DATABASE_URL): nothing to back up\n`);
    expect(existsSync(none)).toBe(false);

    const text = path.join(dir, 'text.db');
    writeFileSync(text, 'hello');
    const notSqlite = await run(envOf(text), 'backup', path.join(dir, 'b.db'));
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toBe(`${text} (DATABASE_URL) is not a SQLite database\n`);
    const foreign = path.join(dir, 'foreign.db');
    const SQLite = (await import('better-sqlite3')).default;
    new SQLite(foreign).exec('create table t(x)').close();
    const notOurs = await run(envOf(foreign), 'backup', path.join(dir, 'b.db'));
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toBe(`${foreign} is a SQLite database but not a Facturier one (it has no kysely_migration table)\n`);
    expect(existsSync(path.join(dir, 'b.db'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses an unknown file, a file that is not SQLite, and a SQLite file that is not Facturier', async () => {
    const target = path.join(dir, 'target.db');
    const unknown = await run(envOf(target), 'restore', path.join(dir, 'missing.db'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(`No such file: ${path.join(dir, 'missing.db')}\n`);

    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all');
    const notSqlite = await run(envOf(target), 'restore', text);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toBe(`${text} is not a SQLite database (a Facturier backup is one, made by \`facturier backup\`)\n`);

    const other = path.join(dir, 'other.db');
    const SQLite = (await import('better-sqlite3')).default;
    const foreign = new SQLite(other);
    foreign.exec('create table t(x); insert into t values (1)');
    foreign.close();
    const notOurs = await run(envOf(target), 'restore', other);
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toBe(`${other} is a SQLite database but not a Facturier one (it has no kysely_migration table)\n`);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses to replace an existing database unless --force, and never one a server has open', async () => {
    const backupFile = path.join(dir, 'for-restore.db');
    expect((await run(envOf(live), 'backup', backupFile)).code).toBe(0);

    // The live database, open by the running server: refused, even with --force.
    const busy = await run(envOf(live), 'restore', '--force', backupFile);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toBe(
      `${live} (DATABASE_URL) is in use by another process (a running server, or another facturier command): stop it first. ` +
        '--force does not override this: a running server would go on writing into the replaced database.\n',
    );
    expect((await server.inject({ method: 'GET', url: '/hello', headers })).statusCode).toBe(200);

    // A stopped instance's database: refused without --force, and left as it was.
    const target = path.join(dir, 'stopped.db');
    expect((await run(envOf(target), 'accounts', 'create', '--name', 'Other', '--json')).code).toBe(0);
    const before = readFileSync(target);
    const refused = await run(envOf(target), 'restore', backupFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${target} (DATABASE_URL) already exists: pass --force to replace it with ${backupFile} (the database replaced is kept beside it, named .replaced-<time>)\n`,
    );
    expect(readFileSync(target).equals(before)).toBe(true);

    const forced = await run(envOf(target), 'restore', backupFile, '--force', '--json');
    expect(forced.code).toBe(0);
    const report = JSON.parse(forced.stdout);
    expect(report).toMatchObject({ file: backupFile, database: target, migration: latest, migrated: [] });
    expect(report.previous).toMatch(new RegExp(`^${target}\\.replaced-\\d{4}-\\d\\d-\\d\\dT`));
    // The restored database is the backup's (account ACME), the replaced one is kept whole (account Other).
    const names = async (file: string) => {
      const db = openDatabase({ dialect: 'sqlite', file });
      try {
        return (await db.kysely.selectFrom('accounts').select('name').orderBy('id').execute()).map((r) => r.name);
      } finally {
        await db.close();
      }
    };
    expect(await names(target)).toEqual(['ACME']);
    expect(await names(report.previous)).toEqual(['Other']);
    expect(existsSync(`${target}-wal`)).toBe(false);
  });

  it('restores a backup made by an older version, migrating it, and refuses one made by a newer version', async () => {
    const { Migrator } = await import('kysely');
    const old = path.join(dir, 'old-version.db');
    const db: Db = openDatabase({ dialect: 'sqlite', file: old });
    const first = migrations.slice(0, 3);
    const migrator = new Migrator({
      db: db.kysely.withoutPlugins(),
      provider: { getMigrations: async () => Object.fromEntries(first.map((m) => [m.name, { up: (k) => m.up(k, 'sqlite') }])) },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await db.close();

    const target = path.join(dir, 'upgraded.db');
    const res = await run(envOf(target), 'restore', old, '--json');
    expect(res.stderr).toBe('');
    expect(JSON.parse(res.stdout)).toMatchObject({
      migration: first.at(-1)!.name,
      migrated: migrations.slice(3).map((m) => m.name),
      previous: null,
    });
    // Up to date; its first start creates the audit key file beside it.
    expect((await run(envOf(target), 'migrate')).stdout).toBe(
      `Database is up to date\nCreated the audit key file ${target}.audit-key: back it up apart from the database\n`,
    );

    const SQLite = (await import('better-sqlite3')).default;
    const future = new SQLite(old);
    future.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999_from_the_future', new Date().toISOString());
    future.close();
    const refused = await run(envOf(path.join(dir, 'never.db')), 'restore', old);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${old} was made by a newer version of Facturier (migrations unknown to this one: 999_from_the_future): upgrade first\n`,
    );
    expect(existsSync(path.join(dir, 'never.db'))).toBe(false);
  });

  it.each([
    [['backup'], 'backup needs exactly one FILE'],
    [['backup', 'a.db', 'b.db'], 'backup needs exactly one FILE'],
    [['restore'], 'restore needs exactly one FILE'],
    [['restore', 'a.db', '--overwrite'], "Unknown option '--overwrite'"],
  ])('refuses %j as bad usage (64)', async (argv, message) => {
    const res = await run(envOf(live), ...argv);
    expect(res.code).toBe(64);
    expect(res.stderr).toContain(message);
  });

  it('on PostgreSQL, names the pg_dump / pg_restore commands and exits 2', async () => {
    const env = {
      DATABASE_URL: 'postgres://facturier:secret@db.example:5432/prod?options=-c%20search_path%3Dfacturier',
      LOG_LEVEL: 'silent',
    };
    const backup = await run(env, 'backup', "/backups/it's.dump");
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(
      'facturier backup works on a SQLite database; DATABASE_URL is a PostgreSQL one, which PostgreSQL\'s own tools back up (README, "Backup and restore"):\n' +
        `  pg_dump --format=custom --schema=facturier --file='/backups/it'\\''s.dump' "$DATABASE_URL"\n`,
    );
    expect(backup.stderr).not.toContain('secret');
    const restore = await run({ ...env, DATABASE_URL: 'postgres://localhost/prod' }, 'restore', 'x.dump');
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain(`pg_restore --no-owner --single-transaction --dbname="$NEW_DATABASE_URL" 'x.dump'\n`);
  });
});
