// The commitments and settlements views (/v1/commitments, /v1/settlements): read-only projections
// over sales, receipts, purchases and expense reports, for people and for the exports.
import { modulePlugin } from '../../http/module.js';
import { ledgerRoutes } from './routes.js';

export const ledgersPlugin = modulePlugin('ledgers', ledgerRoutes);
export { listCommitments, listSettlements, type ViewFilter } from './views.js';
export {
  COMMITMENT_TYPES,
  SETTLEMENT_TYPES,
  type CommitmentEntryT,
  type CommitmentTypeT,
  type SettlementEntryT,
  type SettlementTypeT,
} from './schemas.js';
