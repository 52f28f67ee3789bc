// Work on a draft's stored snapshot, run on the worker threads (src/workers/): a 1,000-line draft's
// snapshot is ~800 KB of JSON, and inflating it, parsing it, building the document model and copying
// that model to a thread took 15–20 ms of the event loop on every download or check, enough to
// delay every other request. Here the event loop only reads the row and hands over the stored bytes.
// This file imports no database or HTTP code, so that a worker thread loads little.
import { checkEInvoice, type CheckResult } from '../../einvoicing/check.js';
import { buildCii } from '../../rendering/cii.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { renderDocumentPdf } from '../../rendering/pdf.js';
import { ConflictError } from '../../errors.js';
import { defineTask } from '../../workers/task.js';
import type { DocumentKind, SellerSnapshot, StoredDocument } from './compose.js';
import { judgeConformance, type ConformanceVerdict, type FrenchRulesMode } from './conformance.js';
import { decodeSnapshot, type StoredSnapshot } from './snapshot-codec.js';
import { toIssuedDocument } from './snapshot.js';

/** What a worker needs to build a draft's document model: its snapshot as stored, and the account's current seller. */
export interface StoredDraft {
  kind: DocumentKind;
  /** The draft's id, for messages. */
  id: number;
  data: StoredSnapshot;
  seller: SellerSnapshot;
  paymentMethod: string | null;
  /** The logo as it will be drawn (already decoded and re-encoded), or null. */
  logo: Uint8Array | null;
  /** BT-1 for the check: the number the draft would receive if finalized now (else BROUILLON). */
  number?: string | null;
}

function draftDocument(draft: StoredDraft): IssuedDocument {
  let data: StoredDocument;
  try {
    data = JSON.parse(decodeSnapshot(draft.data)) as StoredDocument;
  } catch {
    // Only a change made outside the application stores such a value: say so, never a 500.
    throw new ConflictError(
      `${draft.kind} ${draft.id} cannot be read: its data is not a readable snapshot. ` +
        'The database was changed outside the application; run `facturier audit verify`',
    );
  }
  return toIssuedDocument(draft.kind, { isDraft: true, data }, draft.seller, { paymentMethod: draft.paymentMethod, logo: draft.logo });
}

/** The BROUILLON PDF of a draft (no XML). */
export const draftPdf = defineTask(import.meta.url, 'draftPdf', (draft: StoredDraft): Promise<Uint8Array> =>
  renderDocumentPdf(draftDocument(draft), {}),
);

/** The CII XML a draft would have now, as sent to an external validator. */
export const draftCii = defineTask(import.meta.url, 'draftCii', (draft: StoredDraft): string =>
  buildCii(draftDocument(draft), { draftNumber: draft.number ?? undefined }),
);

/** The built-in conformance check of the CII XML a draft would have now. */
export const draftCheck = defineTask(import.meta.url, 'draftCheck', (draft: StoredDraft): CheckResult =>
  checkEInvoice(buildCii(draftDocument(draft), { draftNumber: draft.number ?? undefined })),
);

/** A document about to be finalized: its data as it will be stored (JSON, the seller frozen in it). */
export interface FinalizationCandidate {
  kind: DocumentKind;
  data: string;
  paymentMethod: string | null;
  frenchRules: FrenchRulesMode;
}

/**
 * The finalization gate's verdict on the e-invoice a document would be issued with. Writing and
 * checking a 1,000-line document's XML takes about 100 ms of CPU: here, not on the event loop. The
 * data crosses as the JSON string finalization stores anyway, not as a model to clone.
 */
export const judgeCandidate = defineTask(import.meta.url, 'judgeCandidate', (c: FinalizationCandidate): ConformanceVerdict => {
  const data = JSON.parse(c.data) as StoredDocument;
  return judgeConformance(
    toIssuedDocument(c.kind, { isDraft: false, data }, data.seller!, { paymentMethod: c.paymentMethod }),
    c.frenchRules,
  );
});
