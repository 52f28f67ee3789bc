// SQL of the stored PDFs of finalized sale documents (table document_files).
import type { Kysely } from 'kysely';
import type { Database, DocumentFilesTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export async function getFile(db: Db, accountId: number, documentId: number): Promise<DocumentFilesTable | undefined> {
  return db
    .selectFrom('documentFiles')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('documentId', '=', documentId)
    .executeTakeFirst();
}

/** Stores the file once: a concurrent first download that stored it already wins. */
export async function insertFile(db: Db, file: DocumentFilesTable): Promise<void> {
  await db
    .insertInto('documentFiles')
    .values(file)
    .onConflict((oc) => oc.column('documentId').doNothing())
    .execute();
}
