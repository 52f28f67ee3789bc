// The ordered list of migrations. Append only: never edit one that has shipped.
import type { Migration } from './helpers.js';
import { foundation } from './001_foundation.js';
import { masterData } from './002_master_data.js';
import { productImagesAndSettings } from './003_product_images.js';
import { saleDocuments } from './005_sale_documents.js';
import { receipts } from './006_receipts.js';
import { documentFiles } from './007_documents.js';
import { logoVersions } from './008_logo_versions.js';
import { exactMoney } from './009_exact_money.js';
import { authFailures } from './010_auth_failures.js';
import { recordVersions } from './011_record_versions.js';
import { auditTrail } from './012_audit_trail.js';
import { delivery } from './013_delivery.js';
import { saleQuotes } from './014_sale_quotes.js';
import { ledgers } from './015_ledgers.js';
import { consoleUsers } from './017_console_users.js';
import { exportIndex } from './019_export_index.js';
import { bankSearch } from './021_bank_search.js';
import { saleDocumentLines } from './022_sale_document_lines.js';
import { einvoicingWarnings } from './023_einvoicing_warnings.js';
import { einvoicingPlatform } from './024_einvoicing_platform.js';
import { ereporting } from './025_ereporting.js';
import { gettingPaid } from './026_getting_paid.js';
import { readPath } from './027_read_path.js';
import { einvoicingStatusCode } from './028_einvoicing_status.js';

export const migrations: Migration[] = [
  foundation,
  masterData,
  productImagesAndSettings,
  saleDocuments,
  receipts,
  documentFiles,
  logoVersions,
  exactMoney,
  authFailures,
  recordVersions,
  auditTrail,
  delivery,
  saleQuotes,
  ledgers,
  consoleUsers,
  exportIndex,
  bankSearch,
  saleDocumentLines,
  einvoicingWarnings,
  einvoicingPlatform,
  ereporting,
  gettingPaid,
  readPath,
  einvoicingStatusCode,
];
