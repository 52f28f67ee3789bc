// Sale invoices and credit notes (/v1/saleinvoices, /v1/salecredits): drafts, finalization with
// gapless numbers, cancellation, the audit trail of their state changes, and the snapshot a
// finalized document is rendered from, its PDF (downloads, the stored files) and the conformance
// check of drafts. Receipts, quotes, mailing, platform and the CLI use the few functions exported here.
import { modulePlugin } from '../../http/module.js';
import { salesRoutes } from './routes.js';

export const salesPlugin = modulePlugin('sales', salesRoutes);
export { DEFAULT_DOCUMENT_ORDER, SALE_DOCUMENT_ORDER_BY } from './ordering.js';
export { customerOf, decodeDocument, encodeDocument, type DocumentKind, type SellerSnapshot, type StoredDocument } from './document.js';
export { carriedFields, composeDocument, payableOf } from './compose.js';
export { parseData, presentDocument } from './present.js';
export { getDocument as getDocumentRow, getDocumentWithStoredSnapshot, type DocumentRow, type StoredDocumentRow } from './repo.js';
export { downloadSaleDocument, fileNameOf, logoForPdf, renderOnWorker, type DownloadedFile, type FilesContext } from './files.js';
export { currentAccount, issuedInput, type IssuedInput, type QuoteOverlay } from './issued.js';
export { decodeSnapshot } from './snapshot-codec.js';
export { completeDetailUpgrade } from './detail-upgrade.js';
export { DEFAULT_ACCOUNT, decodeDetail, detailOf, documentParts, type DetailPart, type StoredDetail, type StoredPart } from './detail.js';
export { AuditChains, openAuditTrail, sealingKeyIds, vouchedDocument, type OpenedTrail } from './audit.js';
export { PROBLEM_LIMIT, verifyAuditTrail, type ChainProblem, type ChainReport, type ProblemReason } from './audit-verify.js';
export {
  Commitment,
  Credit,
  EInvoicingCheckResult,
  EInvoicingFinding,
  Invoice,
  SaleCustomerFields,
  InvoiceInput,
  SaleDocumentLine,
  Vat,
  VatSummary,
  type DocumentInputT,
} from './schemas.js';
export {
  createDraftInTransaction,
  finalizeInTransaction,
  hashedContent,
  markSentIn,
  prospectiveNumber,
  setBalanceInTransaction,
  timezoneOf,
} from './service.js';
export { isDomesticB2B, judgeConformance } from './conformance.js';
export { sellerFromSettings, toIssuedDocument } from './snapshot.js';
export { setLifecycleIn } from './einvoicing.js';
export { EInvoicingStatus, EInvoicingStatusEntry, type EInvoicingStatusT } from './einvoicing-schemas.js';
