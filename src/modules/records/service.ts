// A factory for the use cases every master-data resource shares: create, update, delete, get,
// list, find — each in one transaction with its outbox event. A resource supplies only what is
// its own: how input becomes a stored document (validation, derived fields), which columns are
// indexed, and how a stored document is presented.
import { transaction, type Trx } from '../../db/transaction.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { NotFoundError, PreconditionFailedError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import type { Page, SortKey } from '../../app/paging.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { emit, type EventType } from '../../jobs/outbox.js';
import * as store from './store.js';
import { fragmentsFor, lazyItem, type Lazy } from '../../app/fragments.js';

export interface ResourceDefinition<Input, Stored extends object, Out extends object> {
  kind: store.RecordKind;
  /** Prefix of generated numbers ("C" -> C00001), fixed or read from the account; omit for resources without a number. */
  numberPrefix?: string | ((db: Kysely<Database>, accountId: number) => Promise<string>);
  /** Validates input (throwing ValidationError with every bad field) and derives stored data. */
  /**
   * `input` is what to store (on update, the body laid over the current record); `patch` is the update's
   * body as sent, for the rare rule that depends on whether a field was sent at all.
   */
  toStored(
    db: Kysely<Database>,
    accountId: number,
    input: Input,
    ctx: { number: string | null; previous: Stored | null; patch?: Input },
  ): Promise<Stored>;
  columns(data: Stored): store.RecordColumns;
  present(db: Kysely<Database>, accountId: number, records: store.StoredRecord<Stored>[]): Promise<Out[]>;
  numberOf?(input: Input): string | null | undefined;
  events?: { created: EventType; updated: EventType; deleted: EventType };
  /**
   * When the answer depends only on the record and, if named, its parent record of `parent`'s kind
   * (present reads nothing else): lists are answered through the cache of serialized answers
   * (src/app/fragments.ts, issue #29), keyed by their versions, and read only the documents missed.
   */
  answerDependsOnlyOn?: { parent?: store.RecordKind };
  /** Runs before a delete; throws to refuse it. */
  beforeDelete?(db: Kysely<Database>, accountId: number, record: store.StoredRecord<Stored>): Promise<void>;
}

export interface ListQuery {
  page: Page;
  order: SortKey<store.SortColumn>[];
  query?: string;
  parentId?: number;
}

export function resourceService<Input, Stored extends object, Out extends object>(def: ResourceDefinition<Input, Stored, Out>) {
  const one = async (db: Kysely<Database>, accountId: number, record: store.StoredRecord<Stored>) =>
    (await def.present(db, accountId, [record]))[0];
  const versioned = async (db: Kysely<Database>, accountId: number, record: store.StoredRecord<Stored>): Promise<Versioned<Out>> => ({
    value: await one(db, accountId, record),
    version: record.version,
  });
  const what = (id: number) => `${def.kind.label} ${id}`;

  async function numberFor(trx: Kysely<Database>, accountId: number, input: Input, previous: Stored | null) {
    const given = def.numberOf?.(input)?.trim();
    if (given) return given;
    const kept = previous ? ((previous as { number?: string | null }).number ?? null) : null;
    if (kept) return kept;
    if (def.numberPrefix === undefined) return null;
    const prefix = typeof def.numberPrefix === 'string' ? def.numberPrefix : await def.numberPrefix(trx, accountId);
    return store.generateNumber(trx, def.kind, accountId, prefix);
  }

  /** The creation inside a transaction the caller holds (a use case that creates more than this record). */
  async function createIn(trx: Trx, accountId: number, input: Input): Promise<Versioned<Out>> {
    const number = await numberFor(trx, accountId, input, null);
    const data = await def.toStored(trx, accountId, input, { number, previous: null });
    const created = await versioned(trx, accountId, await store.insertRecord(trx, def.kind, accountId, data, def.columns(data)));
    if (def.events) await emit(trx, accountId, def.events.created, created.value);
    return created;
  }

  /** The record, or 404; with If-Match, 412 unless it is at a version the client expects. */
  async function existing(trx: Trx, accountId: number, id: number, ifMatch: IfMatch) {
    const record = await store.getRecord<Stored>(trx, def.kind, accountId, id);
    if (!record) throw new NotFoundError(def.kind.label, id);
    checkIfMatch(ifMatch, record.version, what(id));
    return record;
  }

  /** With If-Match, a write that lost a race with another (the version moved after our read) is a 412 too. */
  function lostRace(id: number): never {
    throw new PreconditionFailedError(`${what(id)} was changed by another request at the same time: read it again, then retry`);
  }

  // The version and the time of the last write (a deleted record's id may be given again on SQLite).
  const keyOfRecord = (accountId: number, v: store.RecordVersion, parent: string | undefined) =>
    `record:${def.kind.kind}:${accountId}:${v.id}:${v.version}:${v.updatedAt}:${v.parentId ?? ''}:${parent ?? ''}`;

  /**
   * A page as lazy items (the route serializes them with answerThroughCache): the answers held are
   * taken as they are; only the documents of the others are read and presented.
   */
  async function listThroughCache(
    db: Kysely<Database>,
    accountId: number,
    query: ListQuery,
    parent: store.RecordKind | undefined,
  ): Promise<{ items: Lazy<Out>[]; total: number }> {
    const { items: versions, total } = await store.listRecordVersions(db, def.kind, accountId, query);
    const parentIds = versions.map((v) => v.parentId).filter((id): id is number => id !== null);
    const parents = parent ? await store.versionsOf(db, parent, accountId, parentIds) : new Map<number, string>();
    const cache = fragmentsFor(db);
    const keyed = versions.map((v) => {
      const key = keyOfRecord(accountId, v, v.parentId === null ? undefined : parents.get(v.parentId));
      return { id: v.id, key, json: cache.get(key) };
    });
    const missed = keyed.filter((k) => k.json === undefined).map((k) => k.id);
    const records = await store.getRecordsByIds<Stored>(db, def.kind, accountId, missed);
    const found = missed.map((id) => records.get(id)).filter((r): r is store.StoredRecord<Stored> => r !== undefined);
    const presented = await def.present(db, accountId, found);
    const byId = new Map(found.map((r, i) => [r.id, presented[i]]));
    // A record deleted between the two reads is left out, as a list read a moment later would.
    const items = keyed
      .filter((k) => k.json !== undefined || byId.has(k.id))
      .map((k) => lazyItem<Out>({} as Partial<Out>, k.key, () => byId.get(k.id)!, k.json));
    return { items, total };
  }

  return {
    kind: def.kind,

    async create(db: Db, accountId: number, input: Input): Promise<Versioned<Out>> {
      return transaction(db, (trx) => createIn(trx, accountId, input));
    },

    createIn,

    /**
     * The body laid over the record as the API answers it: absent fields keep their value, null
     * clears. With If-Match, only if the record is still at an expected version (else 412).
     */
    async update(db: Db, accountId: number, id: number, patch: Input, ifMatch: IfMatch = null): Promise<Versioned<Out>> {
      return transaction(db, async (trx) => {
        const current = await existing(trx, accountId, id, ifMatch);
        const input = mergeUpdate(await one(trx, accountId, current), patch) as unknown as Input;
        const number = await numberFor(trx, accountId, input, current.data);
        const data = await def.toStored(trx, accountId, input, { number, previous: current.data, patch });
        const saved = await store.updateRecord(
          trx,
          def.kind,
          accountId,
          id,
          data,
          def.columns(data),
          ifMatch ? current.version : undefined,
        );
        if (!saved) lostRace(id);
        const out = await versioned(trx, accountId, saved);
        if (def.events) await emit(trx, accountId, def.events.updated, out.value);
        return out;
      });
    },

    async remove(db: Db, accountId: number, id: number, ifMatch: IfMatch = null): Promise<void> {
      await transaction(db, async (trx) => {
        const current = await existing(trx, accountId, id, ifMatch);
        await def.beforeDelete?.(trx, accountId, current);
        if (!(await store.deleteRecord(trx, def.kind, accountId, id, ifMatch ? current.version : undefined))) lostRace(id);
        if (def.events) await emit(trx, accountId, def.events.deleted, await one(trx, accountId, current));
      });
    },

    /** The record as presented, with its version (the ETag of GET). */
    async read(db: Db, accountId: number, id: number): Promise<Versioned<Out>> {
      const record = await store.getRecord<Stored>(db.kysely, def.kind, accountId, id);
      if (!record) throw new NotFoundError(def.kind.label, id);
      return versioned(db.kysely, accountId, record);
    },

    /**
     * The record as GET answers it: through the cache of serialized answers when the resource's
     * answers depend only on its records (the route serializes it with answerThroughCache).
     */
    async answer(db: Db, accountId: number, id: number): Promise<Versioned<Out>> {
      const parent = def.answerDependsOnlyOn?.parent;
      if (!def.answerDependsOnlyOn) return this.read(db, accountId, id);
      const found = await store.getRecordForAnswer(db.kysely, def.kind, accountId, id, parent);
      if (!found) throw new NotFoundError(def.kind.label, id);
      const { version: v } = found;
      const key = keyOfRecord(accountId, v, v.parentId === null ? undefined : found.parentVersion);
      const held = fragmentsFor(db.kysely).get(key);
      if (held !== undefined) return { value: lazyItem<Out>({}, key, () => ({}) as Out, held), version: v.version };
      // Missed: presented from the same row. Should the parent change before presenting reads it,
      // the answer kept under this key is a newer one, and versions only grow: no later request
      // asks for this key.
      const read = await versioned(db.kysely, accountId, found.record<Stored>());
      return { value: lazyItem<Out>({}, key, () => read.value), version: read.version };
    },

    async get(db: Db, accountId: number, id: number): Promise<Out> {
      return (await this.read(db, accountId, id)).value;
    },

    /** The stored document itself, for other modules (e.g. documents snapshotting a customer). */
    async getStored(db: Kysely<Database>, accountId: number, id: number): Promise<Stored | null> {
      return (await store.getRecord<Stored>(db, def.kind, accountId, id))?.data ?? null;
    },

    async list(db: Db, accountId: number, query: ListQuery): Promise<{ items: Out[]; total: number }> {
      if (def.answerDependsOnlyOn) return listThroughCache(db.kysely, accountId, query, def.answerDependsOnlyOn.parent);
      const { items, total } = await store.listRecords<Stored>(db.kysely, def.kind, accountId, query);
      return { items: await def.present(db.kysely, accountId, items), total };
    },

    async find(db: Db, accountId: number, by: { email?: string; internalId?: string; number?: string }): Promise<Out[]> {
      return def.present(db.kysely, accountId, await store.findRecords<Stored>(db.kysely, def.kind, accountId, by));
    },

    async getByInternalId(db: Db, accountId: number, internalId: string): Promise<Versioned<Out>> {
      const [record] = await store.findRecords<Stored>(db.kysely, def.kind, accountId, { internalId }, 1);
      if (!record) throw new NotFoundError(def.kind.label, `with internalId "${internalId}"`);
      return versioned(db.kysely, accountId, record);
    },
  };
}

export type ResourceService<Input, Out> = {
  create(db: Db, accountId: number, input: Input): Promise<Versioned<Out>>;
  update(db: Db, accountId: number, id: number, input: Input, ifMatch?: IfMatch): Promise<Versioned<Out>>;
  remove(db: Db, accountId: number, id: number, ifMatch?: IfMatch): Promise<void>;
  read(db: Db, accountId: number, id: number): Promise<Versioned<Out>>;
  /** What GET answers (through the cache of serialized answers where the resource allows it). */
  answer(db: Db, accountId: number, id: number): Promise<Versioned<Out>>;
  list(db: Db, accountId: number, query: ListQuery): Promise<{ items: Out[]; total: number }>;
  find(db: Db, accountId: number, by: { email?: string; internalId?: string; number?: string }): Promise<Out[]>;
  getByInternalId(db: Db, accountId: number, internalId: string): Promise<Versioned<Out>>;
};

/** Plain documents whose stored form is their output minus the id. */
export function presentPlain<Stored extends object>() {
  return async (_db: Kysely<Database>, _accountId: number, records: store.StoredRecord<Stored>[]) =>
    records.map((r) => ({ id: r.id, ...r.data }));
}
