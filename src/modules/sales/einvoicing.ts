// What the e-invoicing platform module (modules/platform) may change of a finalized sale document:
// `isProcessed`, when a terminal lifecycle status is taken into account (or no longer is, when a
// status dated earlier arrives late), sealed in the audit trail like every state change; and the code
// of the status in force (`einvoicingStatus`, what the lists filter on), derived from the platform's
// timeline and not sealed (the timeline itself is the record).
import type { AuditChains } from './audit.js';
import type { DocumentKind } from './document.js';
import * as repo from './repo.js';

/**
 * Sets isProcessed and the status code of a finalized document inside the caller's transaction;
 * answers whether isProcessed changed (false too when the document is gone or a draft).
 */
export async function setLifecycleIn(
  chains: AuditChains,
  kind: DocumentKind,
  id: number,
  state: { processed: boolean; code: string | null },
): Promise<boolean> {
  const { trx, accountId } = chains;
  await chains.lock(kind);
  const row = await chains.documentForChange(kind, id);
  if (!row || row.isDraft) return false;
  const processedChanges = Boolean(row.isProcessed) !== state.processed;
  if (!processedChanges && (row.einvoicingStatus ?? null) === state.code) return false;
  await repo.updateDocument(trx, accountId, id, {
    einvoicingStatus: state.code,
    ...(processedChanges ? { isProcessed: state.processed, updatedAt: new Date().toISOString() } : {}),
  });
  if (!processedChanges) return false;
  await chains.recordDocument('processed', (await repo.getDocument(trx, accountId, kind, id))!, null, false);
  return true;
}
