// The lifecycle status in force of a sale document (issue #26, docs/einvoicing-platform.md), kept on
// the document so that its lists filter on it (`EInvoicingStatus=210,213`) as they filter on
// `Processed`: sale_documents.einvoicing_status, the code of the status in force (null: the document
// never had a status from the platform). Filled here for the documents that already have a timeline,
// with the same rule the platform module applies (domain/lifecycle.ts: statuses by their own date, a
// terminal status stays in force, a duplicate-submission rejection set aside).
import { sql } from 'kysely';
import { currentStatus } from '../../domain/lifecycle.js';
import type { Migration } from './helpers.js';

export const einvoicingStatusCode: Migration = {
  name: '028_einvoicing_status',
  async up(db) {
    await db.schema.alterTable('sale_documents').addColumn('einvoicing_status', 'text').execute();
    const rows = await sql<{
      account_id: number;
      document_kind: string;
      document_id: number;
      code: string;
      status_at: string;
      reason_code: string | null;
      received_at: string | null;
    }>`select account_id, document_kind, document_id, code, status_at, reason_code, received_at
       from platform_statuses
       where document_id is not null and document_kind in ('Invoice', 'Credit')
       order by account_id, document_id, id`.execute(db);
    const timelines = new Map<string, { accountId: number; id: number; entries: Parameters<typeof currentStatus>[0][number][] }>();
    for (const r of rows.rows) {
      const key = `${r.account_id}|${r.document_id}`;
      let t = timelines.get(key);
      if (!t) timelines.set(key, (t = { accountId: Number(r.account_id), id: Number(r.document_id), entries: [] }));
      t.entries.push({ code: r.code, statusAt: r.status_at, reasonCode: r.reason_code, receivedAt: r.received_at });
    }
    for (const t of timelines.values()) {
      const code = currentStatus(t.entries).code;
      if (code === null) continue;
      await sql`update sale_documents set einvoicing_status = ${code} where account_id = ${t.accountId} and id = ${t.id}`.execute(db);
    }
  },
};
