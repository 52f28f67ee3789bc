// Scenario (statement import): a CAMT.053 file of BENCH_CAMT_ENTRIES entries (50,000 by default,
// ~21 MB) written to disk, then uploaded as a stream to POST /v1/bankaccounts/{id}/statements of a
// server in its own process (SQLite): transactions per second, and the server's peak resident memory
// (VmHWM of /proc/<pid>/status) against the 200 MB target. A second upload of the same file measures
// the de-duplication path (every entry recognised, none stored).
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { once } from 'node:events';
import { createBankAccount } from '../src/modules/bank/service.js';
import { progress, sqliteBenchDatabase, startFacturier, stop } from './lib.js';

const IBAN = 'FR7630004008190001012345632';

async function writeCamt(file: string, entries: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2025-03-01T06:00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH-1</Id><CreDtTm>2025-03-01T06:00:00</CreDtTm><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>\n`,
  );
  for (let i = 1; i <= entries; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const credit = i % 3 === 0;
    const cents = 100 + ((i * 7919) % 500_000);
    await write(
      `<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>2025-02-${day}</Dt></BookgDt><ValDt><Dt>2025-02-${day}</Dt></ValDt><AcctSvcrRef>BENCH${String(i).padStart(9, '0')}</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><${credit ? 'Dbtr' : 'Cdtr'}><Nm>CONTREPARTIE ${i % 997} SAS</Nm></${credit ? 'Dbtr' : 'Cdtr'}></RltdPties>` +
        `<RmtInf><Ustrd>${credit ? 'VIR SEPA RECU' : 'PRLV SEPA'} FACTURE F2025-${String(i).padStart(6, '0')}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
    );
    if (i % 5000 === 0 || i === entries) progress('CAMT.053 entries', i, entries);
  }
  await write('</Stmt></BkToCstmrStmt></Document>\n');
  out.end();
  await once(out, 'finish');
}

/** Streams the file as a multipart body (never held in this process's memory either). */
function upload(url: string, apiKey: string, file: string): Promise<{ status: number; body: string; ms: number }> {
  const boundary = '----facturier-bench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="releve.xml"\r\nContent-Type: application/xml\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

function statusKb(pid: number): Record<string, number> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb: Record<string, number> = {};
  for (const m of status.matchAll(/^(\w+):\s+(\d+) kB$/gm)) kb[m[1]] = Number(m[2]);
  return kb;
}
const mb = (kb: number | undefined) => Math.round((kb ?? 0) / 1024);
const statusMb = (pid: number, field: 'VmHWM' | 'VmRSS') => mb(statusKb(pid)[field]);
const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

interface RssPeak {
  /** Highest VmRSS sampled, MB. */
  peak: number;
  /** Its parts at that sample (RssAnon / RssFile / RssShmem): heaps, mapped files (node, native modules, the SQLite database), shared memory. */
  split: string;
}

function rssNow(pid: number): { rss: number; split: string } {
  const kb = statusKb(pid);
  return { rss: mb(kb.VmRSS), split: `${mb(kb.RssAnon)} / ${mb(kb.RssFile)} / ${mb(kb.RssShmem)}` };
}

/** The upload, with the server's resident memory sampled every 50 ms while it runs (its peak). */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T } & RssPeak> {
  let top = rssNow(pid);
  const sample = () => {
    const now = rssNow(pid);
    if (now.rss > top.rss) top = now;
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, peak: top.rss, split: top.split };
  } finally {
    clearInterval(timer);
  }
}

export async function statementsScenario(): Promise<{ results: []; notes: string[]; extra: string }> {
  const entries = Number(process.env.BENCH_CAMT_ENTRIES ?? 50_000);
  const { dir, env, db, apiKey, accountId } = await sqliteBenchDatabase();
  const bank = await createBankAccount(db, accountId, { name: 'Bench', iban: IBAN });
  await db.close();
  const file = path.join(dir, 'camt053.xml');
  await writeCamt(file, entries);
  const size = statSync(file).size;
  const { url, child } = await startFacturier(env);
  try {
    const idle = peakRssMb(child.pid!);
    const idleNow = rssNow(child.pid!);
    const endpoint = `${url}/v1/bankaccounts/${bank.value.id}/statements`;
    const first = await sampled(child.pid!, () => upload(endpoint, apiKey, file));
    if (first.result.status !== 200) throw new Error(`import answered ${first.result.status}: ${first.result.body.slice(0, 500)}`);
    const afterFirst = peakRssMb(child.pid!);
    const second = await sampled(child.pid!, () => upload(endpoint, apiKey, file));
    if (second.result.status !== 200) throw new Error(`re-import answered ${second.result.status}: ${second.result.body.slice(0, 500)}`);
    const afterSecond = peakRssMb(child.pid!);
    const rate = (ms: number) => Math.round(entries / (ms / 1000));
    const row = (name: string, upload: { result: { body: string; ms: number } } & RssPeak, hwm: number) => {
      const r = JSON.parse(upload.result.body) as { insertedCount: number; duplicateCount: number };
      const { ms } = upload.result;
      return `| ${name} | ${entries} | ${r.insertedCount} | ${r.duplicateCount} | ${(ms / 1000).toFixed(1)} | ${rate(ms)} | ${hwm} MB | ${upload.peak} MB | ${upload.split} MB |`;
    };
    const extra = [
      '| import | entries | stored | recognised | seconds | transactions/s | server peak RSS (VmHWM since start) | peak RSS sampled during the upload | of which anonymous / file / shared |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      row('first import', first, afterFirst),
      row('same file again', second, afterSecond),
      '',
    ].join('\n');
    return {
      results: [],
      extra,
      notes: [
        `CAMT.053 file: ${entries} entries, ${(size / 2 ** 20).toFixed(1)} MB, streamed from disk by the client`,
        `server before any import: peak RSS ${idle} MB (VmHWM: the start-up's own peak), resident ${idleNow.rss} MB (anonymous / file / shared: ${idleNow.split} MB); target: < 200 MB during the import`,
      ],
    };
  } finally {
    await stop(child);
  }
}
