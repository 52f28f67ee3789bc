// Every worker-thread task of sale documents and quotes (src/workers/): the PDF, the CII XML, the
// conformance check and the finalization gate's judgement. Each takes an IssuedInput (issued.ts),
// built on the event loop from the row as stored and the account: the snapshot travels as stored
// (a 1,000-line draft's is ~800 KB of JSON; inflating, parsing and building its model took 15–20 ms
// of the event loop per download), and the worker builds the document model. Writing and checking a
// 1,000-line document's XML takes about 100 ms of CPU, its PDF seconds: never on the event loop.
// This file imports no database or HTTP code, so that a worker thread loads little.
import { checkEInvoice, type CheckResult } from '../../einvoicing/check.js';
import { buildCii } from '../../rendering/cii.js';
import { renderDocumentPdf } from '../../rendering/pdf.js';
import { defineTask } from '../../workers/task.js';
import { judgeConformance, type ConformanceVerdict, type FrenchRulesMode } from './conformance.js';
import { issuedDocument, type IssuedInput } from './issued.js';

/**
 * The PDF of a document: Factur-X (its CII embedded) once finalized, a BROUILLON without XML for a
 * draft; a quote's PDF is never an e-invoice.
 */
export const renderPdf = defineTask(import.meta.url, 'renderPdf', (input: IssuedInput): Promise<Uint8Array> => {
  const doc = issuedDocument(input);
  return renderDocumentPdf(doc, doc.isDraft || input.quote ? {} : { xml: buildCii(doc) });
});

/** The CII XML a document would have now (BT-1 of a draft: the number it would receive), as sent to an external validator. */
export const writeCii = defineTask(import.meta.url, 'writeCii', (input: IssuedInput): string =>
  buildCii(issuedDocument(input), { draftNumber: input.number ?? undefined }),
);

/** The built-in conformance check of the CII XML a document would have now. */
export const checkCii = defineTask(import.meta.url, 'checkCii', (input: IssuedInput): CheckResult =>
  checkEInvoice(buildCii(issuedDocument(input), { draftNumber: input.number ?? undefined })),
);

/** The finalization gate's verdict on the e-invoice a document would be issued with (its data as it will be stored). */
export const judge = defineTask(import.meta.url, 'judge', (input: IssuedInput, frenchRules: FrenchRulesMode): ConformanceVerdict =>
  judgeConformance(issuedDocument(input), frenchRules),
);
