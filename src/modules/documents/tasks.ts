// The CPU-heavy part of the documents module, run on the worker threads (src/workers/): the PDF of
// a 1,000-line document takes seconds, which the event loop must never spend. This task renders a
// finalized document from its model (built once, on its first download); drafts are rendered and
// checked from their stored snapshot by the sales module's tasks (modules/sales/tasks.ts).
import { buildCii } from '../../rendering/cii.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { renderDocumentPdf } from '../../rendering/pdf.js';
import { defineTask } from '../../workers/task.js';

/** The PDF of the document: Factur-X (CII embedded) once finalized, a BROUILLON without XML for a draft. */
export const renderPdf = defineTask(import.meta.url, 'renderPdf', async (doc: IssuedDocument): Promise<Uint8Array> => {
  return renderDocumentPdf(doc, doc.isDraft ? {} : { xml: buildCii(doc) });
});
