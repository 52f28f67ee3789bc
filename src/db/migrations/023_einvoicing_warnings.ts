// The e-invoicing findings that did not refuse a document's finalization (the French rules under
// `einvoicing.frenchRules` Warn, or on a consumer or foreign-buyer document) are kept on the document,
// as they were when it was numbered, so that GET and the console show them later. Documents finalized
// before have none recorded (null).
import type { Migration } from './helpers.js';

export const einvoicingWarnings: Migration = {
  name: '023_einvoicing_warnings',
  async up(db) {
    await db.schema.alterTable('sale_documents').addColumn('einvoicing_warnings', 'text').execute();
  },
};
