// What the e-invoicing platform module (modules/platform) may change of a finalized sale document:
// `isProcessed`, when a terminal lifecycle status is taken into account (or no longer is, when a
// status dated earlier arrives late). Sealed in the audit trail like every state change.
import type { AuditChains } from './audit.js';
import type { DocumentKind } from './document.js';
import * as repo from './repo.js';

/** Sets isProcessed of a finalized document inside the caller's transaction; false when nothing changed or the document is gone. */
export async function setProcessedIn(chains: AuditChains, kind: DocumentKind, id: number, processed: boolean): Promise<boolean> {
  const { trx, accountId } = chains;
  await chains.lock(kind);
  const row = await chains.documentForChange(kind, id);
  if (!row || row.isDraft || Boolean(row.isProcessed) === processed) return false;
  await repo.updateDocument(trx, accountId, id, { isProcessed: processed, updatedAt: new Date().toISOString() });
  await chains.recordDocument('processed', (await repo.getDocument(trx, accountId, kind, id))!, null, false);
  return true;
}
