// Queries compiled once (src/db/prepared.ts) and the record read that GET answers from (one query
// for the record, its version and its parent's): values in their places, constants kept, rows as
// the builder gives them, nothing from another account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { preparedQuery } from '../../src/db/prepared.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { getRecordForAnswer, insertRecord, updateRecord } from '../../src/modules/records/store.js';
import { dialects, freshDatabase } from '../helpers/harness.js';

const CUSTOMER = { kind: 'customer', label: 'Customer' };
const FAMILY = { kind: 'customer_family', label: 'Customer family' };

for (const dialect of dialects()) {
  describe(`prepared queries on ${dialect}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let mine: number;
    let theirs: number;
    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect));
      mine = (await createAccount(db, 'Mine SAS')).accountId;
      theirs = (await createAccount(db, 'Theirs SAS')).accountId;
    });
    afterAll(() => dispose());

    it('puts each value in its place, keeps the constants, and maps the columns as the builder does', async () => {
      const byName = preparedQuery((k, v: { accountId: number; name: string }) =>
        k
          .selectFrom('records')
          .select(['id', 'createdAt', 'parentId'])
          .where('accountId', '=', v.accountId)
          .where('kind', '=', 'customer')
          .where('name', '=', v.name),
      );
      const a = await insertRecord(db.kysely, CUSTOMER, mine, { n: 1 }, { name: 'alpha', searchText: [] });
      const b = await insertRecord(db.kysely, CUSTOMER, theirs, { n: 2 }, { name: 'alpha', searchText: [] });
      await insertRecord(db.kysely, FAMILY, mine, { n: 3 }, { name: 'alpha', searchText: [] });
      expect(await byName(db.kysely, { accountId: mine, name: 'alpha' })).toEqual([{ id: a.id, createdAt: a.createdAt, parentId: null }]);
      expect(await byName(db.kysely, { accountId: theirs, name: 'alpha' })).toEqual([{ id: b.id, createdAt: b.createdAt, parentId: null }]);
      expect(await byName(db.kysely, { accountId: mine, name: 'beta' })).toEqual([]);
    });

    it('reads a record with its version and its parent version in one query, within its account', async () => {
      const family = await insertRecord(db.kysely, FAMILY, mine, { name: 'Grossistes' }, { name: 'grossistes', searchText: [] });
      const customer = await insertRecord(
        db.kysely,
        CUSTOMER,
        mine,
        { name: 'Dupont' },
        { name: 'dupont', parentId: family.id, searchText: [] },
      );
      const alone = await insertRecord(db.kysely, CUSTOMER, mine, { name: 'Seul' }, { name: 'seul', searchText: [] });

      const found = await getRecordForAnswer(db.kysely, CUSTOMER, mine, customer.id, FAMILY);
      expect(found?.version).toEqual({ id: customer.id, version: 1, updatedAt: customer.updatedAt, parentId: family.id });
      expect(found?.parentVersion).toBe(`1@${family.updatedAt}`);
      expect(found?.record()).toEqual({ ...customer, data: { name: 'Dupont' } });

      const changed = await updateRecord(
        db.kysely,
        FAMILY,
        mine,
        family.id,
        { name: 'Détaillants' },
        { name: 'detaillants', searchText: [] },
      );
      expect((await getRecordForAnswer(db.kysely, CUSTOMER, mine, customer.id, FAMILY))?.parentVersion).toBe(`2@${changed!.updatedAt}`);

      const single = await getRecordForAnswer(db.kysely, CUSTOMER, mine, alone.id, FAMILY);
      expect(single?.version).toEqual({ id: alone.id, version: 1, updatedAt: alone.updatedAt, parentId: null });
      expect(single?.parentVersion).toBeUndefined();

      // Another account's record is not found; nor is a record of another kind, nor a parent of another kind.
      expect(await getRecordForAnswer(db.kysely, CUSTOMER, theirs, customer.id, FAMILY)).toBeNull();
      expect(await getRecordForAnswer(db.kysely, FAMILY, mine, customer.id, undefined)).toBeNull();
      expect((await getRecordForAnswer(db.kysely, CUSTOMER, mine, customer.id, undefined))?.parentVersion).toBeUndefined();
    });

    it("never joins another account's record as the parent", async () => {
      const foreign = await insertRecord(db.kysely, FAMILY, theirs, { name: 'Autre' }, { name: 'autre', searchText: [] });
      // A parent id pointing at another account's family (not something the service writes; the join must not cross).
      const stray = await insertRecord(
        db.kysely,
        CUSTOMER,
        mine,
        { name: 'Égaré' },
        { name: 'egare', parentId: foreign.id, searchText: [] },
      );
      const found = await getRecordForAnswer(db.kysely, CUSTOMER, mine, stray.id, FAMILY);
      expect(found?.version.parentId).toBe(foreign.id);
      expect(found?.parentVersion).toBeUndefined();
    });
  });
}
