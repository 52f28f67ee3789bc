// Scenario (backup and restore, SQLite): a database of BENCH_BACKUP_INVOICES generated invoices
// (100,000 by default); finalization throughput with 50 clients, alone and while `facturier backup`
// runs back to back in its own process; then the last backup restored into a new file, its audit
// chains verified, and its numbers checked to be a gapless prefix of the live database's.
import { execFile } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../src/db/connection.js';
import { todayIn } from '../src/domain/dates.js';
import { createDraft } from '../src/modules/sales/service.js';
import type { DocumentInputT } from '../src/modules/sales/schemas.js';
import { generateCustomers, generateInvoices } from './generate.js';
import { distRoot, load, progress, sqliteBenchDatabase, startFacturier, stop, type LoadResult } from './lib.js';

const run = promisify(execFile);
const bin = path.join(distRoot, 'src', 'bin.js');

async function facturier(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ ms: number; stdout: string }> {
  const t = performance.now();
  const { stdout } = await run(process.execPath, [bin, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } });
  return { ms: Math.round(performance.now() - t), stdout };
}

/** One account's finalized invoices: number by id. */
async function finalized(file: string, accountId: number): Promise<Map<number, string>> {
  const db = openDatabase({ dialect: 'sqlite', file });
  try {
    const rows = await db.kysely
      .selectFrom('saleDocuments')
      .select(['id', 'number'])
      .where('accountId', '=', accountId)
      .where('kind', '=', 'Invoice')
      .where('isDraft', '=', false)
      .execute();
    return new Map(rows.map((r) => [r.id, r.number!]));
  } finally {
    await db.close();
  }
}

/** Per numbering scope (the number without its sequence), whether the sequences are exactly 1..n. */
function gapless(numbers: Iterable<string>): Map<string, number | 'gap'> {
  const scopes = new Map<string, number[]>();
  for (const n of numbers) {
    const [, scope, seq] = /^(.*?)(\d+)$/.exec(n)!;
    scopes.set(scope, [...(scopes.get(scope) ?? []), Number(seq)]);
  }
  return new Map(
    [...scopes].map(([scope, seqs]) => {
      seqs.sort((a, b) => a - b);
      return [scope, seqs.every((s, i) => s === i + 1) ? seqs.length : 'gap'];
    }),
  );
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export async function backupScenario(seconds: number): Promise<{ results: LoadResult[]; notes: string[] }> {
  const invoiceCount = Number(process.env.BENCH_BACKUP_INVOICES ?? 100_000);
  const notes: string[] = [];
  const { dir, env, db, keyring, apiKey, accountId } = await sqliteBenchDatabase();
  const file = env.DATABASE_URL.slice('sqlite:'.length);
  const customerIds = await generateCustomers(db, accountId, 1_000);
  await generateInvoices(db, keyring, accountId, customerIds, invoiceCount);
  const drafts: number[] = [];
  const date = todayIn('Europe/Paris');
  const draftCount = Number(process.env.BENCH_DRAFTS ?? 20_000);
  for (let i = 1; i <= draftCount; i++) {
    const input = {
      customerId: customerIds[i % customerIds.length],
      date,
      lines: [{ description: 'Ligne', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
    } as DocumentInputT;
    drafts.push((await createDraft({ db, publicUrl: null }, accountId, 'Invoice', input)).value.id);
    if (i % 1000 === 0 || i === draftCount) progress('drafts to finalize', i, draftCount);
  }
  await db.close();
  notes.push(
    `database: ${invoiceCount} invoices, ${mb(statSync(file).size)}; load average before the runs: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // The backup alone, server stopped (the cost of the copy itself).
  const idle = await facturier(env, 'backup', path.join(dir, 'idle.db'), '--json');
  const idleReport = JSON.parse(idle.stdout) as { bytes: number; durationMs: number };
  notes.push(
    `backup, no load: ${mb(idleReport.bytes)} in ${idleReport.durationMs} ms (${mb(idleReport.bytes / (idleReport.durationMs / 1000))}/s); the process: ${idle.ms} ms`,
  );

  const server = await startFacturier(env);
  const next = { i: 0 };
  const finalize = (name: string) =>
    load({
      name,
      url: server.url,
      headers: { 'x-api-key': apiKey },
      seconds,
      connections: 50,
      method: 'POST',
      warmupSeconds: 1,
      path: () => `/v1/saleinvoices/finalize/${drafts[next.i++ % drafts.length]}`,
    });
  const results: LoadResult[] = [await finalize('POST /v1/saleinvoices/finalize/{id} (50 clients), no backup')];

  // Backups back to back, each in its own process, for as long as the load runs.
  // The first one, taken while finalizations were committing, is the one restored below.
  let loading = true;
  const backups: number[] = [];
  const first = path.join(dir, 'under-load-1.db');
  const backupLoop = (async () => {
    while (loading) {
      const target = backups.length === 0 ? first : path.join(dir, 'under-load-n.db');
      const { stdout } = await facturier(env, 'backup', target, '--force', '--json');
      backups.push((JSON.parse(stdout) as { durationMs: number }).durationMs);
    }
  })();
  results.push(await finalize('POST /v1/saleinvoices/finalize/{id} (50 clients), backups running'));
  loading = false;
  await backupLoop;
  await stop(server.child);
  notes.push(`backups under load: ${backups.length}, ${backups.join(', ')} ms (the last one ended after the load)`);

  const restoredFile = path.join(dir, 'restored.db');
  const restored = await facturier({ DATABASE_URL: `sqlite:${restoredFile}` }, 'restore', first, '--json');
  notes.push(
    `restore of the first backup under load into a new file: ${(JSON.parse(restored.stdout) as { durationMs: number }).durationMs} ms (quick_check, migration, rename); the process: ${restored.ms} ms`,
  );
  // The audit key goes with the database it sealed: the live one's key file verifies the copy.
  const verify = await facturier(
    { DATABASE_URL: `sqlite:${restoredFile}`, AUDIT_KEY_FILE: `${file}.audit-key` },
    'audit',
    'verify',
    '--json',
  );
  notes.push(
    `audit verify on the restored copy: ${(JSON.parse(verify.stdout) as { ok: boolean }).ok ? 'ok' : 'BROKEN'} in ${verify.ms} ms`,
  );
  const inBackup = await finalized(restoredFile, accountId);
  const inLive = await finalized(file, accountId);
  const same = [...inBackup].every(([id, number]) => inLive.get(id) === number);
  const scopes = gapless(inBackup.values());
  const liveScopes = gapless(inLive.values());
  notes.push(
    `restored copy: ${inBackup.size} finalized invoices (live: ${inLive.size}), each identical to the live one: ${same}; ` +
      `per scope, restored..live: ${[...liveScopes].map(([scope, n]) => `${scope}* 1..${scopes.get(scope) ?? 0}..${n}`).join(', ')}`,
  );
  rmSync(dir, { recursive: true, force: true });
  return { results, notes };
}
