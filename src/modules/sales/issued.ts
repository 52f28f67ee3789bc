// The one way from a stored sale document (or a quote, src/modules/quotes) to the IssuedDocument
// that every output is built from: the PDF, the Factur-X CII, the conformance check and the
// finalization gate's judgement. The event loop builds an IssuedInput from the row as stored and
// the account (`issuedInput`): plain data, the snapshot left as stored (deflated bytes or JSON text).
// A worker thread turns it into the document model (`issuedDocument`, used by every task in
// tasks.ts). This file imports no database or HTTP code: the worker threads load it.
import { ConflictError } from '../../errors.js';
import type { IssuedDocument, QuoteFacts } from '../../rendering/model.js';
import type { AccountSettings } from '../settings/index.js';
import { decodeDocument, type DocumentKind, type SellerSnapshot, type StoredDocument } from './document.js';
import { decodeSnapshot, type StoredSnapshot } from './snapshot-codec.js';
import { sellerFromSettings, toIssuedDocument } from './snapshot.js';

/**
 * The account as a document is issued with: for a finalized document, what was frozen in it
 * (`seller` null: the document's own; the logo it was issued with); for a draft or a quote, the
 * account as it is now.
 */
export interface IssuingAccount {
  seller: SellerSnapshot | null;
  paymentMethod: string | null;
  /** The logo as it will be drawn (decoded and re-encoded first), or null. */
  logo: Uint8Array | null;
}

/** The account as it is now: a draft's or a quote's seller. */
export function currentAccount(settings: AccountSettings, logo: Uint8Array | null): IssuingAccount {
  return { seller: sellerFromSettings(settings), paymentMethod: settings.sales.paymentMethod, logo };
}

/** What a worker needs to build a document's model: plain data, cheap to hand over. */
export interface IssuedInput {
  kind: DocumentKind;
  /** The document's id, for messages. */
  id: number;
  isDraft: boolean;
  /** The stored document as the database holds it (or its JSON text): decoded on the worker. */
  data: StoredSnapshot;
  /** The seller, or null for the one frozen in the document at finalization. */
  seller: SellerSnapshot | null;
  paymentMethod: string | null;
  logo: Uint8Array | null;
  /**
   * A draft's: BT-1 of its e-invoice, the number it would receive if finalized now (else BROUILLON).
   * An issued quote's: its number (kept on its row, not in its data).
   */
  number?: string | null;
  /** Set for a quote: printed as a quote, never an e-invoice. */
  quote?: QuoteOverlay;
}

/** What a quote's PDF shows beside (or instead of) the content it shares with an invoice. */
export interface QuoteOverlay {
  facts: QuoteFacts;
  footerNotes: string | null;
}

/** The input of every task on a sale document or a quote: the row as stored, and the account. */
export function issuedInput(
  kind: DocumentKind,
  row: { id: number; isDraft: boolean | number; data: StoredSnapshot },
  account: IssuingAccount,
  extra: Pick<IssuedInput, 'number' | 'quote'> = {},
): IssuedInput {
  return {
    kind,
    id: row.id,
    isDraft: Boolean(row.isDraft),
    data: row.data,
    seller: account.seller,
    paymentMethod: account.paymentMethod,
    logo: account.logo,
    ...extra,
  };
}

/** The stored document of an input, parsed (on the worker threads, or inline for a small one). */
export function storedDocumentOf(input: Pick<IssuedInput, 'kind' | 'id' | 'data'>): StoredDocument {
  try {
    return decodeDocument(decodeSnapshot(input.data));
  } catch {
    // Only a change made outside the application stores such a value: say so, never a 500.
    throw new ConflictError(
      `${input.kind} ${input.id} cannot be read: its data is not a readable snapshot. ` +
        'The database was changed outside the application; run `facturier audit verify`',
    );
  }
}

/** The document model of an input: what the PDF, the CII and the checks are made of. */
export function issuedDocument(input: IssuedInput): IssuedDocument {
  const data = storedDocumentOf(input);
  // A quote's number is kept on its row, not in its data.
  if (!input.isDraft && input.number) data.number = input.number;
  const seller = input.seller ?? data.seller;
  if (!seller) throw new ConflictError(`${input.kind} ${input.id} has no seller frozen in it: it cannot be rendered as issued.`);
  const doc = toIssuedDocument(input.kind, { isDraft: input.isDraft, data }, seller, {
    paymentMethod: input.paymentMethod,
    logo: input.logo,
  });
  if (!input.quote) return doc;
  return {
    ...doc,
    dueDate: null,
    // Dates of instalments would run from the quote's date: only the term's text is printed.
    paymentTerms: [],
    payment: { ...doc.payment, remittanceInformation: null },
    footerNotes: input.quote.footerNotes,
    quote: input.quote.facts,
  };
}
