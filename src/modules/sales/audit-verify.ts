// `facturier audit verify`: reads every chain of sale documents and reports what does not hold.
// Three passes per account and kind, each reading a bounded page at a time (a million documents
// fit): the entries in order (each authentic under a configured key, chained to the previous one,
// keys only ever newer), the documents (each row as its latest entry sealed it; a finalized row
// without entry, or a draft with one, is reported), and the first, unkeyed chain that the keyed one
// continues (its hashes recomputed up to the head its sealing entry recorded).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { chainHash } from '../../domain/audit.js';
import { ConfigError } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import type { Keyring } from '../audit/index.js';
import { mismatches, parseEntry, parseSnapshot, sealSnapshot, type EntryContent } from './audit.js';
import type { DocumentKind } from './document.js';
import { parseData } from './present.js';
import * as repo from './repo.js';
import { hashedContent } from './service.js';

export type ProblemReason =
  /** A row field differs from what its latest entry sealed (`field` names it; `data.<member>` for the snapshot). */
  | 'field'
  /** An entry does not authenticate under its key: it was written or changed without the key. */
  | 'mac'
  /** An entry names a key that is not configured, or an older key after a newer one. */
  | 'key'
  /** An entry contradicts its position: account, kind, sequence number, previous MAC, document. */
  | 'entry'
  /** An entry (or a document of the first chain) is missing: removed or reordered. */
  | 'missingEntry'
  /** A document that entries seal no longer exists. */
  | 'missingDocument'
  /** The chain head does not point at the last entry (entries removed at the end). */
  | 'head'
  /** First chain: a document's content no longer gives its hash. */
  | 'hash'
  /** First chain: a document's stored previous hash is not its predecessor's. */
  | 'previousHash';

export interface ChainProblem {
  reason: ProblemReason;
  documentId: number | null;
  number: string | null;
  /** The document's chain index (first chain) or the audit entry's sequence number. */
  chainIndex: number | null;
  /** The field of the document that changed (reason 'field'), or of the entry. */
  field: string | null;
  expected: string | null;
  stored: string | null;
}

export interface ChainReport {
  accountId: number;
  kind: DocumentKind;
  /** Finalized documents in the chain. */
  documents: number;
  /** Entries of the keyed audit trail. */
  entries: number;
  /** The last entry: keep its MAC outside the database to detect later removal of entries at the end. */
  head: { seq: number; mac: string | null } | null;
  /** False for a chain of the first generation that no key has sealed yet (before the first start). */
  keyed: boolean;
  ok: boolean;
  /** The first problem, when the chain does not hold. */
  broken: ChainProblem | null;
  /** Every problem found, up to PROBLEM_LIMIT. */
  problems: ChainProblem[];
  problemCount: number;
}

export const PROBLEM_LIMIT = 100;
const PAGE = 500;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

class Findings {
  readonly list: ChainProblem[] = [];
  count = 0;
  add(problem: Partial<ChainProblem> & { reason: ProblemReason }): void {
    this.count += 1;
    if (this.list.length < PROBLEM_LIMIT) {
      this.list.push({ documentId: null, number: null, chainIndex: null, field: null, expected: null, stored: null, ...problem });
    }
  }
}

interface EntryPass {
  entries: number;
  last: repo.AuditEntryRow | null;
  firstChain: { chainIndex: number; hash: string | null } | null;
  /** Documents sealed by some entry: id -> seq of its latest entry. */
  sealed: Map<number, number>;
}

/** Pass 1: the entries, in order. */
async function verifyEntries(
  db: Kysely<Database>,
  keyring: Keyring,
  accountId: number,
  kind: DocumentKind,
  found: Findings,
): Promise<EntryPass> {
  const pass: EntryPass = { entries: 0, last: null, firstChain: null, sealed: new Map() };
  let expectedSeq: number | null = null;
  let previous: string | null = null;
  let newestRank = Number.POSITIVE_INFINITY;
  for (let after = 0; ;) {
    const rows = await repo.entriesAfter(db, accountId, kind, after, PAGE);
    if (!rows.length) break;
    for (const row of rows) {
      pass.entries += 1;
      const content = parseEntry(row.content);
      const at = { documentId: row.documentId, chainIndex: row.seq, number: text(content?.document?.number) };
      if (expectedSeq === null) {
        // The chain starts at 1, or right after the first chain's head that its first entry seals.
        if (content?.event === 'firstChainSealed' && content.firstChain) {
          pass.firstChain = content.firstChain;
          expectedSeq = content.firstChain.chainIndex + 1;
          previous = content.firstChain.hash;
        } else {
          expectedSeq = 1;
        }
      }
      if (row.seq !== expectedSeq)
        found.add({ ...at, reason: 'missingEntry', expected: `entry ${expectedSeq}`, stored: `entry ${row.seq}` });
      if (!content) {
        found.add({ ...at, reason: 'entry', field: 'content', expected: 'an audit entry', stored: row.content.slice(0, 80) });
      } else {
        const claims: [keyof EntryContent | 'documentId', unknown, unknown][] = [
          ['account', accountId, content.account],
          ['chain', kind, content.chain],
          ['seq', row.seq, content.seq],
          ['previous', previous, content.previous],
          ['key', row.keyId, content.key],
          ['event', row.event, content.event],
          ['documentId', row.documentId, content.document?.id ?? null],
        ];
        for (const [field, expected, stored] of claims) {
          if (expected !== stored) found.add({ ...at, reason: 'entry', field, expected: text(expected), stored: text(stored) });
        }
      }
      const rank = keyring.rank(row.keyId);
      if (rank === undefined) {
        found.add({ ...at, reason: 'key', field: 'key', expected: `one of ${keyring.ids().join(', ')}`, stored: row.keyId });
      } else {
        if (rank > newestRank)
          found.add({ ...at, reason: 'key', field: 'key', expected: "a key no older than the previous entry's", stored: row.keyId });
        newestRank = Math.min(newestRank, rank);
        if (!keyring.authenticates(row.keyId, row.content, row.mac))
          found.add({ ...at, reason: 'mac', expected: 'a MAC made with the audit key', stored: row.mac });
      }
      if (row.documentId !== null) pass.sealed.set(row.documentId, row.seq);
      previous = row.mac;
      expectedSeq = row.seq + 1;
      pass.last = row;
    }
    after = rows[rows.length - 1].seq;
  }
  return pass;
}

/** Pass 2: each document against its latest entry. Answers the number of finalized documents. */
async function verifyDocuments(
  db: Kysely<Database>,
  accountId: number,
  kind: DocumentKind,
  keyed: boolean,
  pass: EntryPass,
  found: Findings,
): Promise<number> {
  let finalized = 0;
  const seen = new Set<number>();
  for (let after = 0; ;) {
    const docs = await repo.sealedDocumentsAfter(db, accountId, kind, after, PAGE);
    if (!docs.length) break;
    for (const { row, seal, unreadable } of docs) {
      const isDraft = Boolean(row.isDraft);
      if (!isDraft) finalized += 1;
      if (seal === null) {
        // A finalized row no entry seals: turned from draft to finalized in the database (in a keyed chain).
        if (!isDraft && keyed) {
          found.add({
            reason: 'field',
            documentId: row.id,
            number: row.number,
            chainIndex: row.chainIndex,
            field: 'isDraft',
            expected: 'true (no audit entry seals this document)',
            stored: 'false',
          });
        }
        continue;
      }
      seen.add(row.id);
      const entry = parseEntry(seal.content);
      if (!entry?.document) continue; // reported by pass 1
      const at = { documentId: row.id, number: text(entry.document.number), chainIndex: entry.seq };
      if (pass.sealed.get(row.id) !== entry.seq) {
        found.add({
          ...at,
          reason: 'entry',
          field: 'documentId',
          expected: `latest entry ${pass.sealed.get(row.id) ?? '-'}`,
          stored: `entry ${entry.seq}`,
        });
      }
      const snapshot = sealSnapshot(parseSnapshot(row.data));
      let members = entry.snapshot;
      if (!members && snapshot.digest !== entry.document.data) {
        // The latest entry did not change the snapshot: the one that last did names its members.
        const earlier = (await repo.entriesOf(db, accountId, row.id))
          .map((e) => parseEntry(e.content))
          .find((c) => c?.snapshot && c.document?.data === entry.document!.data);
        members = earlier?.snapshot;
      }
      for (const m of mismatches(entry.document, row, snapshot, members, unreadable)) {
        found.add({ ...at, reason: 'field', field: m.field, expected: text(m.sealed), stored: text(m.stored) });
      }
    }
    after = docs[docs.length - 1].row.id;
  }
  // Entries whose document is gone.
  for (const [documentId, seq] of pass.sealed) {
    if (seen.has(documentId)) continue;
    const entry = (await repo.entriesOf(db, accountId, documentId)).map((e) => parseEntry(e.content)).find((c) => c?.seq === seq);
    found.add({
      reason: 'missingDocument',
      documentId,
      number: text(entry?.document?.number),
      chainIndex: seq,
      expected: `document ${documentId}`,
      stored: 'none',
    });
  }
  return finalized;
}

/** Pass 3: the first, unkeyed chain, document by document up to `last` (index and hash). */
async function verifyFirstChain(
  db: Kysely<Database>,
  accountId: number,
  kind: DocumentKind,
  last: { chainIndex: number; hash: string | null },
  found: Findings,
): Promise<void> {
  let previous: string | null = null;
  let index = 0;
  let lastRow: repo.DocumentRow | null = null;
  for (;;) {
    const rows = await repo.firstChainAfter(db, accountId, kind, index, last.chainIndex, PAGE);
    if (!rows.length) break;
    for (const row of rows) {
      const at = { documentId: row.id, number: row.number, chainIndex: row.chainIndex };
      if (row.chainIndex !== index + 1) {
        found.add({ ...at, reason: 'missingEntry', expected: `chain index ${index + 1}`, stored: `chain index ${row.chainIndex}` });
        return;
      }
      if (row.previousHash !== previous) found.add({ ...at, reason: 'previousHash', expected: previous, stored: row.previousHash });
      let expected: string | null = null;
      try {
        expected = chainHash(previous, hashedContent(kind, parseData(row)));
      } catch {
        // An unreadable snapshot: reported as a hash that cannot match.
      }
      if (expected !== row.hash) found.add({ ...at, reason: 'hash', expected, stored: row.hash });
      previous = row.hash;
      index = row.chainIndex;
      lastRow = row;
    }
  }
  if (index !== last.chainIndex || previous !== last.hash) {
    found.add({
      reason: 'head',
      documentId: lastRow?.id ?? null,
      number: lastRow?.number ?? null,
      chainIndex: lastRow?.chainIndex ?? null,
      expected: `chain index ${last.chainIndex}, hash ${last.hash ?? 'none'}`,
      stored: `chain index ${index}, hash ${previous ?? 'none'}`,
    });
  }
}

/**
 * Verifies the audit trail of each kind of sale document of each account (or of one) and reports,
 * per chain, every problem found (the first PROBLEM_LIMIT of them).
 */
export async function verifyAuditTrail(db: Kysely<Database>, keyring: Keyring | null, accountId?: number): Promise<ChainReport[]> {
  let q = db.selectFrom('accounts').select('id').orderBy('id');
  if (accountId !== undefined) q = q.where('id', '=', accountId);
  const ids = (await q.execute()).map((r) => r.id);
  if (accountId !== undefined && ids.length === 0) throw new NotFoundError('Account', accountId);
  const reports: ChainReport[] = [];
  for (const id of ids) {
    for (const kind of ['Invoice', 'Credit'] as const) {
      const found = new Findings();
      const head = await repo.getHead(db, id, kind);
      const keyed = head?.keyId != null;
      let pass: EntryPass = { entries: 0, last: null, firstChain: null, sealed: new Map() };
      if (keyed) {
        if (!keyring)
          throw new ConfigError(
            `Account ${id}'s ${kind} chain is sealed with key ${head.keyId}: set AUDIT_KEY or AUDIT_KEY_FILE to verify it`,
          );
        pass = await verifyEntries(db, keyring, id, kind, found);
        const last = pass.last;
        if (head.chainIndex !== (last?.seq ?? 0) || head.lastHash !== (last?.mac ?? null) || head.keyId !== (last?.keyId ?? null)) {
          found.add({
            reason: 'head',
            documentId: last?.documentId ?? null,
            chainIndex: last?.seq ?? null,
            number: text(parseEntry(last?.content ?? '')?.document?.number),
            expected: `entry ${last?.seq ?? 0}, MAC ${last?.mac ?? 'none'}`,
            stored: `entry ${head.chainIndex}, MAC ${head.lastHash ?? 'none'}`,
          });
        }
      }
      const documents = await verifyDocuments(db, id, kind, keyed, pass, found);
      // The first chain: up to the head its sealing entry recorded, or, not sealed yet, up to the head row.
      const firstChain = keyed ? pass.firstChain : { chainIndex: head?.chainIndex ?? 0, hash: head?.lastHash ?? null };
      if (firstChain) await verifyFirstChain(db, id, kind, firstChain, found);
      reports.push({
        accountId: id,
        kind,
        documents,
        entries: pass.entries,
        head: keyed ? { seq: head.chainIndex, mac: head.lastHash } : null,
        keyed,
        ok: found.count === 0,
        broken: found.list[0] ?? null,
        problems: found.list,
        problemCount: found.count,
      });
    }
  }
  return reports;
}
