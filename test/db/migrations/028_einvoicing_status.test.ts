// Migration 028 on a database of the previous version: sale documents that already have a lifecycle
// timeline from the platform get the code of their status in force (by the statuses' own dates, a
// terminal status kept in force, a duplicate-submission rejection set aside), so the lists' new
// EInvoicingStatus filter finds them; documents without a timeline stay null.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/connection.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { einvoicingStatusCode } from '../../../src/db/migrations/028_einvoicing_status.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { createAccount } from '../../../src/modules/accounts/index.js';
import { dialects, freshDatabase } from '../../helpers/harness.js';

const BEFORE_028 = migrations.slice(0, migrations.indexOf(einvoicingStatusCode));

for (const dialect of dialects()) {
  describe(`migration 028 on a database of the previous version [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect, BEFORE_028));
      const { accountId } = await createAccount(db, 'Ancienne SARL');
      const now = '2026-10-01T10:00:00.000Z';
      const k = db.kysely.withoutPlugins();
      for (const name of ['refused', 'paidOutOfOrder', 'doublon', 'none']) {
        const res = await sql<{ id: number }>`insert into sale_documents
            (account_id, kind, is_draft, number, date, tax_excluded_amount, tax_included_amount, balance, created_at, updated_at)
            values (${accountId}, 'Invoice', ${sql.lit(false)}, ${`F-${name}`}, '2026-09-30', 0, 0, 0, ${now}, ${now}) returning id`.execute(
          k,
        );
        ids[name] = res.rows[0].id;
      }
      let n = 0;
      const status = (doc: string, code: string, at: string, reasonCode: string | null = null, receivedAt: string | null = null) =>
        sql`insert into platform_statuses (account_id, document_kind, document_id, invoice_number, code, status_at, emitter, reason_code,
              received_at, message_id, dedupe_key, created_at)
            values (${accountId}, 'Invoice', ${ids[doc]}, ${`F-${doc}`}, ${code}, ${at}, 'Platform', ${reasonCode}, ${receivedAt},
              ${`m${++n}`}, ${`k${n}`}, ${now})`.execute(k);
      await status('refused', '200', '2026-09-30T10:00:00Z');
      await status('refused', '210', '2026-09-30T12:00:00Z', 'TX_TVA_ERR');
      // Arrived in reverse order: 212 (terminal) dated before a late 211 stays in force.
      await status('paidOutOfOrder', '211', '2026-10-02T10:00:00Z');
      await status('paidOutOfOrder', '212', '2026-10-01T10:00:00Z');
      await status('paidOutOfOrder', '200', '2026-09-30T10:00:00Z');
      // A repeated submission's DOUBLON (received at another moment than the first deposit) is set aside.
      await status('doublon', '200', '2026-09-30T10:00:00Z', null, '2026-09-30T09:59:00Z');
      await status('doublon', '205', '2026-09-30T11:00:00Z');
      await status('doublon', '213', '2026-09-30T12:00:00Z', 'DOUBLON', '2026-09-30T11:30:00Z');
      expect(await migrateToLatest(db)).toEqual(['028_einvoicing_status']);
    });
    afterAll(() => dispose());

    it('fills einvoicing_status with the code in force, null where the platform never sent a status', async () => {
      const rows = await db.kysely.selectFrom('saleDocuments').select(['id', 'einvoicingStatus']).execute();
      const byId = new Map(rows.map((r) => [r.id, r.einvoicingStatus]));
      expect(byId.get(ids.refused)).toBe('210');
      expect(byId.get(ids.paidOutOfOrder)).toBe('212');
      expect(byId.get(ids.doublon)).toBe('205');
      expect(byId.get(ids.none)).toBeNull();
    });
  });
}
