// The keyed audit trail of sale documents (docs/audit.md). Every state change of a finalized
// document (finalization, balance moved by a receipt, cancellation and the link to its credit)
// appends an entry to the chain of its account and kind, in the transaction of the change: the
// document's state as the API stores and serves it (SEALED_FIELDS, the snapshot by its SHA-256),
// authenticated with HMAC-SHA256 under the audit key and chained to the previous entry. A use case
// that changes a document first checks that its row still says what its latest entry sealed.
//
// Chains are per account and kind because finalizations already serialize on that head row (the
// numbering lock): an entry costs one INSERT and the head UPDATE that finalization did anyway.
import Big from 'big.js';
import { ConfigError, type Config } from '../../config.js';
import { isSqlite, type Db } from '../../db/connection.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { canonicalJson, differences, locatorDigest, sha256Hex } from '../../domain/audit.js';
import { ConflictError } from '../../errors.js';
import { loadKeyring, type Keyring } from '../audit/index.js';
import { storedForm, type DocumentKind, type StoredDocument } from './document.js';
import * as repo from './repo.js';

export type AuditEvent =
  | 'finalized' // the document became final: number, date, content
  | 'settled' // a receipt moved its balance (paid, refunded, or a receipt undone)
  | 'cancelled' // cancelled by a credit note, now linked to it
  | 'sent' // e-mailed to the customer: sentAt set (modules/mailing)
  | 'processed' // a terminal e-invoicing status taken into account, or no longer (modules/platform)
  | 'sealed' // its state when the first, unkeyed chain was sealed (upgrade)
  | 'firstChainSealed' // the head of the first, unkeyed chain, which this chain continues
  | 'keyRotated'; // a new key seals from here on

/** What a document's seal covers, in the order differences are reported. `data`: the snapshot's SHA-256. */
export const SEALED_FIELDS = [
  'isDraft',
  'number',
  'date',
  'dueDate',
  'customerId',
  'customerName',
  'internalId',
  'taxExcludedAmount',
  'taxIncludedAmount',
  'balance',
  'isPaid',
  'isCancelled',
  'cancellationCreditId',
  'cancelledInvoiceId',
  'isProcessed',
  'sentAt',
  'finalizedAt',
  'chainIndex',
  'hash',
  'previousHash',
  'id',
  'accountId',
  'kind',
  'data',
] as const;
export type SealedField = (typeof SEALED_FIELDS)[number];
export type DocumentView = Record<SealedField, unknown>;

/** The content of an entry, as canonical JSON under its MAC. */
export interface EntryContent {
  v: 1;
  account: number;
  chain: DocumentKind;
  seq: number;
  previous: string | null;
  key: string;
  at: string;
  event: AuditEvent;
  document?: DocumentView;
  /** Short digests of the snapshot's members, when the event changed it: they name the member that changed. */
  snapshot?: Record<string, string>;
  /** firstChainSealed: the head of the unkeyed chain this one continues. */
  firstChain?: { chainIndex: number; hash: string | null };
}

// --- what a seal says of a document -----------------------------------------------------------

/** Booleans are 0/1 on SQLite: any other stored value stays visible as it is. */
function flag(value: unknown): unknown {
  return value === true || value === 1 ? true : value === false || value === 0 ? false : value;
}

/** Amounts to the cent as text, whichever way the dialect returns them (number, numeric text, decimal). */
function amount(value: unknown): unknown {
  try {
    return new Big(String(value)).toFixed(2);
  } catch {
    return value;
  }
}

/** A stored snapshot, or null when it is not a JSON object (then it cannot match any seal). */
export function parseSnapshot(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface SnapshotSeal {
  /** SHA-256 of the snapshot's canonical JSON. */
  digest: string;
  /** An 8-hex-digit locator digest of each member's canonical JSON (which member changed, not whether). */
  members: Record<string, string>;
}

const UNREADABLE: SnapshotSeal = { digest: 'unreadable', members: {} };

/**
 * The snapshot's digest and its members' locators, in one canonicalization: the canonical JSON of
 * the whole is joined from its members' (one flat string), each locator read from its range of it.
 */
export function sealSnapshot(snapshot: object | null): SnapshotSeal {
  if (snapshot === null) return UNREADABLE;
  const record = snapshot as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  const parts: string[] = [];
  try {
    for (const key of keys) parts.push(`${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  } catch {
    return UNREADABLE;
  }
  const whole = `{${parts.join(',')}}`;
  const members = Object.create(null) as Record<string, string>;
  let at = 1;
  keys.forEach((key, i) => {
    const valueStart = at + JSON.stringify(key).length + 1;
    at += parts[i].length + 1;
    members[key] = locatorDigest(whole, valueStart, at - 1);
  });
  return { digest: sha256Hex(whole), members };
}

/** The sealed view of a document row whose snapshot is `snapshot`; `unreadable`: stored values shown as they are. */
export function documentView(row: repo.DocumentRow, snapshot: SnapshotSeal, unreadable: Record<string, string> = {}): DocumentView {
  const view: DocumentView = {
    isDraft: flag(row.isDraft),
    number: row.number,
    date: row.date,
    dueDate: row.dueDate,
    customerId: row.customerId,
    customerName: row.customerName,
    internalId: row.internalId,
    taxExcludedAmount: amount(row.taxExcludedAmount),
    taxIncludedAmount: amount(row.taxIncludedAmount),
    balance: amount(row.balance),
    isPaid: flag(row.isPaid),
    isCancelled: flag(row.isCancelled),
    cancellationCreditId: row.cancellationCreditId,
    cancelledInvoiceId: row.cancelledInvoiceId,
    isProcessed: flag(row.isProcessed),
    sentAt: row.sentAt,
    finalizedAt: row.finalizedAt,
    chainIndex: row.chainIndex,
    hash: row.hash,
    previousHash: row.previousHash,
    id: row.id,
    accountId: row.accountId,
    kind: row.kind,
    data: snapshot.digest,
  };
  return { ...view, ...unreadable };
}

export interface Mismatch {
  field: string;
  sealed: unknown;
  stored: unknown;
}

/**
 * How the row differs from its seal, field by field. A changed snapshot is named by its member
 * (`data.lines`) when `members` (of the latest entry that recorded them) tell which.
 */
export function mismatches(
  sealed: DocumentView,
  row: repo.DocumentRow,
  snapshot: SnapshotSeal,
  members?: Record<string, string>,
  unreadable: Record<string, string> = {},
): Mismatch[] {
  const out: Mismatch[] = [];
  for (const d of differences(SEALED_FIELDS, sealed, documentView(row, snapshot, unreadable))) {
    if (d.field !== 'data' || !members || snapshot === UNREADABLE || unreadable.data) {
      out.push(d.field === 'data' && snapshot === UNREADABLE && !unreadable.data ? { ...d, stored: 'not a JSON object' } : d);
      continue;
    }
    const names = [...new Set([...Object.keys(members), ...Object.keys(snapshot.members)])].sort();
    const changed = names.filter((name) => members[name] !== snapshot.members[name]);
    if (!changed.length) out.push(d);
    for (const name of changed) out.push({ field: `data.${name}`, sealed: members[name] ?? null, stored: snapshot.members[name] ?? null });
  }
  return out;
}

/** An entry's content, or null when it is not one. */
export function parseEntry(content: string): EntryContent | null {
  try {
    const value = JSON.parse(content) as EntryContent | null;
    return value !== null && typeof value === 'object' && value.v === 1 ? value : null;
  } catch {
    return null;
  }
}

// --- refusing to change a document the trail does not vouch for -------------------------------

const LABEL: Record<DocumentKind, string> = { Invoice: 'Invoice', Credit: 'Credit' };
const show = (value: unknown) =>
  value === null || value === undefined ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);

function refuse(kind: DocumentKind, id: number, number: unknown, problem: string): never {
  const name = `${LABEL[kind]} ${id}${typeof number === 'string' ? ` (${number})` : ''}`;
  throw new ConflictError(
    `${name} does not match the audit trail: ${problem}. It cannot be changed; run \`facturier audit verify\` and restore the document from a backup`,
  );
}

/**
 * Throws a ConflictError (409, nothing written) unless the row says what its latest audit entry
 * sealed: a draft must have no entry (a finalized document turned back into a draft has one), a
 * finalized document must have an authentic entry whose view the row still matches.
 */
export function checkSealed(keyring: Keyring, kind: DocumentKind, found: repo.SealedDocument, snapshot?: object): void {
  const { row, seal } = found;
  if (seal === null) {
    if (flag(row.isDraft) === true) return;
    refuse(kind, row.id, row.number, 'it is finalized in the database, but no audit entry ever sealed it (isDraft was changed)');
  }
  const entry = parseEntry(seal.content);
  if (!entry || !keyring.authenticates(entry.key, seal.content, seal.mac)) {
    refuse(kind, row.id, row.number, `its latest audit entry${entry ? ` (${entry.seq})` : ''} does not authenticate with the audit key`);
  }
  if (!entry.document) refuse(kind, row.id, row.number, `its latest audit entry (${entry.seq}) seals no document`);
  const sealed = sealSnapshot(snapshot ?? parseSnapshot(row.data));
  const found1 = mismatches(entry.document, row, sealed, entry.snapshot, found.unreadable)[0];
  if (found1) {
    refuse(
      kind,
      row.id,
      entry.document.number,
      `${found1.field} is ${show(found1.stored)} in the database, but ${show(found1.sealed)} was sealed (audit entry ${entry.seq})`,
    );
  }
}

/**
 * A document as its latest audit entry vouches for it (ConflictError otherwise), or undefined: for
 * writes outside a use case's chains, such as storing a finalized document's PDF at first download.
 */
export async function vouchedDocument(
  db: Db,
  keyring: Keyring,
  accountId: number,
  kind: DocumentKind,
  id: number,
): Promise<repo.DocumentRow | undefined> {
  const found = await repo.getDocumentForChange(db.kysely, accountId, kind, id, false);
  if (!found) return undefined;
  checkSealed(keyring, kind, found);
  return found.row;
}

// --- appending to the chains ---------------------------------------------------------------------

/** The head of a chain as a use case holds it (locked): the last entry's position, MAC and key. */
export interface ChainHead {
  accountId: number;
  kind: DocumentKind;
  lastDate: string | null;
  seq: number;
  mac: string | null;
  keyId: string | null;
}

export interface EntryInput {
  event: AuditEvent;
  document?: { view: DocumentView; members?: Record<string, string> };
  firstChain?: EntryContent['firstChain'];
}

/** The next entry of `head`'s chain (the head moves to it); also what the bench generator writes. */
export function nextEntry(keyring: Keyring, head: ChainHead, input: EntryInput, at: string): repo.AuditEntryRow {
  const seq = head.seq + 1;
  const content: EntryContent = {
    v: 1,
    account: head.accountId,
    chain: head.kind,
    seq,
    previous: head.mac,
    key: keyring.currentId,
    at,
    event: input.event,
    document: input.document?.view,
    snapshot: input.document?.members,
    firstChain: input.firstChain,
  };
  const json = canonicalJson(content);
  const mac = keyring.seal(json);
  Object.assign(head, { seq, mac, keyId: keyring.currentId });
  return {
    accountId: head.accountId,
    kind: head.kind,
    seq,
    documentId: (input.document?.view.id as number | undefined) ?? null,
    event: input.event,
    keyId: keyring.currentId,
    content: json,
    mac,
    createdAt: at,
  };
}

function headValues(head: ChainHead) {
  return { lastDate: head.lastDate, chainIndex: head.seq, lastHash: head.mac, keyId: head.keyId };
}

async function writeHead(trx: Trx, head: ChainHead): Promise<void> {
  await repo.updateHead(trx, head.accountId, head.kind, headValues(head));
}

/** The entry recording a document's state after `event` (sealed as stored: the storage codec's spelling, as a later check reads it from the row). */
function documentEntry(event: AuditEvent, row: repo.DocumentRow, snapshot: StoredDocument | null, withMembers: boolean): EntryInput {
  const sealed = sealSnapshot(snapshot ? storedForm(snapshot) : parseSnapshot(row.data));
  return { event, document: { view: documentView(row, sealed), members: withMembers ? sealed.members : undefined } };
}

/**
 * Seals a chain of the first generation (unkeyed, its head without key): one entry holding its
 * head (chain index and hash), then one per finalized document holding its state as it stands.
 */
async function sealFirstChain(trx: Trx, keyring: Keyring, head: ChainHead): Promise<void> {
  const at = new Date().toISOString();
  let rows = [nextEntry(keyring, head, { event: 'firstChainSealed', firstChain: { chainIndex: head.seq, hash: head.mac } }, at)];
  for (let after = 0; ;) {
    const docs = await repo.finalizedAfter(trx, head.accountId, head.kind, after, 500);
    if (!docs.length) break;
    for (const doc of docs) {
      const snapshot = sealSnapshot(parseSnapshot(doc.data));
      rows.push(
        nextEntry(keyring, head, { event: 'sealed', document: { view: documentView(doc, snapshot), members: snapshot.members } }, at),
      );
    }
    after = docs[docs.length - 1].id;
    await repo.insertEntries(trx, rows);
    rows = [];
  }
  await repo.insertEntries(trx, rows);
  await writeHead(trx, head);
}

/**
 * The chains one use case appends to, each locked once (the first time it is needed) for the rest
 * of the transaction. A use case that may append to both locks them up front with lockAll, Invoice
 * first: every transaction takes head locks in the same order, before any document row.
 */
export class AuditChains {
  private readonly heads = new Map<DocumentKind, ChainHead | null>();

  constructor(
    readonly trx: Trx,
    readonly keyring: Keyring,
    readonly accountId: number,
  ) {}

  /** The locked head of `kind`'s chain, created at the first finalization of that kind. */
  async lock(kind: DocumentKind): Promise<ChainHead> {
    const known = this.heads.get(kind);
    if (known) return known;
    const row = await repo.lockHead(this.trx, this.accountId, kind);
    return this.adopt(kind, row);
  }

  /** Locks the existing heads of both kinds (a missing one is created, and locked, when first needed). */
  async lockAll(): Promise<void> {
    for (const kind of ['Invoice', 'Credit'] as const) {
      if (this.heads.has(kind)) continue;
      const row = await repo.lockExistingHead(this.trx, this.accountId, kind);
      if (row) await this.adopt(kind, row);
    }
  }

  private async adopt(
    kind: DocumentKind,
    row: { lastDate: string | null; chainIndex: number; lastHash: string | null; keyId: string | null },
  ) {
    const head: ChainHead = {
      accountId: this.accountId,
      kind,
      lastDate: row.lastDate,
      seq: row.chainIndex,
      mac: row.lastHash,
      keyId: row.keyId,
    };
    // A chain of the first generation that start-up has not sealed yet (see prepareAuditTrail).
    if (head.keyId === null && head.seq > 0) await sealFirstChain(this.trx, this.keyring, head);
    this.heads.set(kind, head);
    return head;
  }

  /** Appends entries to `kind`'s chain and moves its head (with `lastDate` as the caller set it). */
  async record(kind: DocumentKind, inputs: EntryInput[]): Promise<void> {
    const head = await this.lock(kind);
    const at = new Date().toISOString();
    await repo.insertEntries(
      this.trx,
      inputs.map((input) => nextEntry(this.keyring, head, input, at)),
    );
    await writeHead(this.trx, head);
  }

  /** Records the document's state after `event`; `members` when the event changed the snapshot. */
  async recordDocument(event: AuditEvent, row: repo.DocumentRow, snapshot: StoredDocument | null, withMembers: boolean): Promise<void> {
    await this.record(row.kind, [documentEntry(event, row, snapshot, withMembers)]);
  }

  /**
   * What recordDocument writes, sealed but not written: the entry, and the head as it moves to it
   * (in memory already). The caller writes both in this transaction (repo.writeFinalization).
   */
  async sealDocument(event: AuditEvent, row: repo.DocumentRow, snapshot: StoredDocument | null, withMembers: boolean) {
    const head = await this.lock(row.kind);
    const entry = nextEntry(this.keyring, head, documentEntry(event, row, snapshot, withMembers), new Date().toISOString());
    return { entries: [entry], head: { kind: head.kind, values: headValues(head) } };
  }

  /** A document about to change, checked against its seal (ConflictError otherwise), or undefined. */
  async documentForChange(kind: DocumentKind, id: number): Promise<repo.DocumentRow | undefined> {
    const found = await repo.getDocumentForChange(this.trx, this.accountId, kind, id);
    if (!found) return undefined;
    try {
      checkSealed(this.keyring, kind, found);
    } catch (error) {
      if (!(error instanceof ConflictError) || isSqlite(this.trx)) throw error;
      // PostgreSQL (READ COMMITTED): a statement that waited for the row's lock answers the row as
      // the transaction that held it left it, but its subquery, the seal, from the snapshot taken
      // before the wait — a draft finalized meanwhile reads as finalized and unsealed. The lock is
      // held now: read both again, from one snapshot, before concluding.
      const again = await repo.getDocumentForChange(this.trx, this.accountId, kind, id);
      if (!again) return undefined;
      checkSealed(this.keyring, kind, again);
      return again.row;
    }
    return found.row;
  }
}

// --- at start: the keys against the database, older chains sealed --------------------------------

export interface PreparedTrail {
  /** Chains of the first generation sealed now. */
  sealedChains: number;
  /** Chains whose last entry was sealed by an older key, now continued by the current one. */
  rotatedChains: number;
}

/**
 * Run before serving (and by `facturier migrate`). Refuses a key ring that does not hold the key
 * of every chain's last entry (a wrong or lost key would seal entries nobody can verify), then seals
 * the chains of the first generation and appends a keyRotated entry to each chain whose last entry
 * an older key sealed, so that a retired key cannot extend any chain from now on. Each chain in its
 * own transaction, under its head lock: several processes starting together do it once.
 */
export async function prepareAuditTrail(db: Db, keyring: Keyring): Promise<PreparedTrail> {
  const heads = await repo.listHeads(db.kysely);
  const unknown = [...new Set(heads.map((h) => h.keyId).filter((k): k is string => k !== null && !keyring.has(k)))];
  if (unknown.length) {
    throw new ConfigError(
      `The audit key in ${keyring.origin} (id ${keyring.currentId}) is not the key this database's audit trail was sealed with ` +
        `(key id ${unknown.join(', ')}). Set AUDIT_KEY or AUDIT_KEY_FILE to that key; to rotate keys, keep the old key on a line after the new one`,
    );
  }
  const result: PreparedTrail = { sealedChains: 0, rotatedChains: 0 };
  for (const h of heads) {
    if (h.keyId === keyring.currentId || (h.keyId === null && h.chainIndex === 0)) continue;
    await transaction(db, async (trx) => {
      const chains = new AuditChains(trx, keyring, h.accountId);
      const before = await repo.lockExistingHead(trx, h.accountId, h.kind as DocumentKind);
      if (!before || before.keyId === keyring.currentId) return;
      if (before.keyId === null && before.chainIndex > 0) result.sealedChains += 1;
      const head = await chains.lock(h.kind as DocumentKind);
      if (head.keyId !== keyring.currentId) {
        await chains.record(head.kind, [{ event: 'keyRotated' }]);
        result.rotatedChains += 1;
      }
    });
  }
  return result;
}

/** The key ids that sealed the last entry of some chain (none for a new database or one of the first generation). */
export async function sealingKeyIds(db: Db): Promise<string[]> {
  return [...new Set((await repo.listHeads(db.kysely)).map((h) => h.keyId).filter((k): k is string => k !== null))];
}

export interface OpenedTrail extends PreparedTrail {
  keyring: Keyring;
  /** The key file created at this first start, if one was. */
  createdFile: string | null;
}

/**
 * The audit keys for serving: a missing key file is created only for a database that no key has
 * sealed yet (its first start, or its first start after the upgrade); then prepareAuditTrail.
 */
export async function openAuditTrail(config: Config, db: Db): Promise<OpenedTrail> {
  const loaded = loadKeyring(config, { create: (await sealingKeyIds(db)).length === 0 });
  // An in-memory database keeps the key made up for it: every app opened on it seals with the same.
  let keyring = loaded.keyring;
  if (loaded.ephemeral) {
    keyring = inMemoryKeys.get(db) ?? keyring;
    inMemoryKeys.set(db, keyring);
  }
  return { keyring, createdFile: loaded.createdFile, ...(await prepareAuditTrail(db, keyring)) };
}

const inMemoryKeys = new WeakMap<Db, Keyring>();
