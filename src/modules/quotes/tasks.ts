// The quote's PDF, rendered on a worker thread (src/workers/) like every document: a quote is never an
// e-invoice, so no CII XML is written or embedded.
import type { IssuedDocument } from '../../rendering/model.js';
import { renderDocumentPdf } from '../../rendering/pdf.js';
import { defineTask } from '../../workers/task.js';

export const renderQuotePdf = defineTask(import.meta.url, 'renderQuotePdf', (doc: IssuedDocument): Promise<Uint8Array> =>
  renderDocumentPdf(doc, {}),
);
