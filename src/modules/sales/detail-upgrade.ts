// The stored Detail of documents finalized before migration 022 (or marked for computing again):
// the migration leaves a `pending_upgrades` row, since computing a Detail is this module's logic and
// db/ imports no module. Done when the app starts and before a command-line export, in batches;
// once done the row is deleted, so later starts cost one lookup. Several processes starting at once
// may do it side by side: a Detail already stored is left as it is.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { encodeDetail } from './detail.js';
import { decodeDocument } from './document.js';
import { decodeSnapshot } from './snapshot-codec.js';

const UPGRADE = 'sale_document_lines';
const BATCH = 500;

/** Stores the Detail of every finalized document that has none, if an upgrade asks for it; answers how many. */
export async function completeDetailUpgrade(db: Kysely<Database>): Promise<number> {
  const pending = await db.selectFrom('pendingUpgrades').select('name').where('name', '=', UPGRADE).executeTakeFirst();
  if (!pending) return 0;
  let stored = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('saleDocuments')
      .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
      .leftJoin('saleDocumentLines', 'saleDocumentLines.documentId', 'saleDocuments.id')
      .select(['saleDocuments.id', 'saleDocumentData.data'])
      .where('saleDocuments.isDraft', '=', false)
      .where('saleDocumentLines.documentId', 'is', null)
      .where('saleDocuments.id', '>', after)
      .orderBy('saleDocuments.id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    await db
      .insertInto('saleDocumentLines')
      .values(rows.map((r) => ({ documentId: r.id, detail: encodeDetail(decodeDocument(decodeSnapshot(r.data))) })))
      .onConflict((oc) => oc.column('documentId').doNothing())
      .execute();
    stored += rows.length;
    after = rows[rows.length - 1].id;
  }
  await db.deleteFrom('pendingUpgrades').where('name', '=', UPGRADE).execute();
  return stored;
}
