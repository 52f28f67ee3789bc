// The CPU-heavy part of the documents module, run on the worker threads (src/workers/): the CII XML,
// the PDF and the conformance check of a 1,000-line document take seconds, which the event loop must
// never spend. Each task takes the plain document model and returns bytes or a plain result.
import { checkEInvoice, type CheckResult } from '../../einvoicing/check.js';
import { buildCii } from '../../rendering/cii.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { renderDocumentPdf } from '../../rendering/pdf.js';
import { defineTask } from '../../workers/task.js';

/** The PDF of the document: Factur-X (CII embedded) once finalized, a BROUILLON without XML for a draft. */
export const renderPdf = defineTask(import.meta.url, 'renderPdf', async (doc: IssuedDocument): Promise<Uint8Array> => {
  return renderDocumentPdf(doc, doc.isDraft ? {} : { xml: buildCii(doc) });
});

/** The CII XML of the document, as sent to an external validator. */
export const ciiOf = defineTask(import.meta.url, 'ciiOf', (doc: IssuedDocument): string => buildCii(doc));

/** The built-in conformance check of the document's CII XML (EN 16931 and French rules). */
export const checkConformance = defineTask(import.meta.url, 'checkConformance', (doc: IssuedDocument): CheckResult =>
  checkEInvoice(buildCii(doc)),
);
