// What a period reports, built from the books (docs/ereporting.md, "What is reported"): the sale
// documents issued in it and the receipts collected in it, sorted into what e-reporting covers (B2C,
// B2B international, collections of services whose VAT is due on receipt) and what it does not
// (domestic B2B: e-invoicing). A document that cannot be sorted is a blocking point, never guessed.
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReportKind } from '../../domain/ereporting-calendar.js';
import { isEuMember, isFrenchCtcTerritory, isValidCountryIso } from '../../domain/countries.js';
import type { Flux10Aggregate, Flux10Invoice, Flux10Party, Flux10Payment, Flux10Report } from '../../einvoicing/flux10.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { purchaseFileFacts, purchaseInvoiceBatches, type PurchaseFileFacts } from '../purchases/index.js';
import { classificationById } from '../reference/index.js';
import { receiptBatches, receiptLinksOf, settlementsOfDocuments } from '../receipts/index.js';
import { getDocumentRow, parseData, toIssuedDocument, type DocumentKind } from '../sales/index.js';
import { getSuppliersByIds } from '../suppliers/index.js';
import * as repo from './repo.js';

/** Flux 10 accepts these VAT rates only (rule G1.24). */
const FLUX10_RATES = new Set(['0', '0.9', '1.05', '1.75', '2.1', '5.5', '7', '8.5', '9.2', '9.6', '10', '13', '19.6', '20', '20.6']);
const FLUX10_CATEGORIES = new Set(['S', 'E', 'AE', 'K', 'G', 'O', 'Z']);

export interface BlockingPoint {
  /** The document or receipt concerned ("F-2026-00012", "receipt 41"), or null for the account. */
  document: string | null;
  reason: string;
}

/** What a report declares per VAT rate: taxable base and VAT (transactions) or amount collected (payments). */
export interface DeclaredTotals {
  rates: { rate: string; taxableAmount: string; taxAmount: string; collected: string }[];
  documents: string[];
}

export interface PeriodContent {
  report: Flux10Report;
  blocking: BlockingPoint[];
  totals: DeclaredTotals;
  /** Entries the report holds (invoices and aggregates). */
  entries: number;
}

export interface Declarant {
  siren: string | null;
  name: string;
  vatNumber: string | null;
  countryIso: string;
}

/** How e-reporting sees a sale document. */
export type Treatment =
  { kind: 'B2C' } | { kind: 'B2BINT'; buyer: Flux10Party } | { kind: 'Domestic' } | { kind: 'Blocked'; reason: string };

const rateText = (rate: string | number) => new Big(rate).toString();
const money = (b: Big) => b.toFixed(2);

/** B2C, B2B international, domestic B2B (e-invoicing), or why it cannot be told. */
export function treatmentOf(doc: IssuedDocument, storedCountry: string | null): Treatment {
  const buyer = doc.buyer;
  if (buyer.isBusiness === false) return { kind: 'B2C' };
  if (!storedCountry || !isValidCountryIso(storedCountry))
    return {
      kind: 'Blocked',
      reason: 'the business customer has no country in its billing address: B2B or B2B international cannot be told',
    };
  const country = storedCountry.toUpperCase();
  if (isFrenchCtcTerritory(country)) {
    if (buyer.siren) return { kind: 'Domestic' };
    return {
      kind: 'Blocked',
      reason: 'the business customer in France has no SIREN (companyInformations.siret): it can be neither e-invoiced nor e-reported',
    };
  }
  const vat = buyer.vatNumber?.replace(/\s/g, '').toUpperCase() || null;
  const eu = isEuMember(country);
  // In the EU the VAT number identifies the buyer (0223, with its VAT number: G2.33); elsewhere the VAT
  // number if it has one, else the registration number kept in companyInformations.siret (0227).
  const id = eu ? vat : (vat ?? buyer.siret ?? buyer.siren ?? null);
  if (!id)
    return {
      kind: 'Blocked',
      reason: eu
        ? 'the business customer in the EU has no VAT number (companyInformations.vatNumber): Flux 10 requires it (G6.28, G2.33)'
        : 'the business customer outside the EU has no identifier (companyInformations.vatNumber or siret): Flux 10 requires one (G6.28)',
    };
  if (id.length > 18)
    return { kind: 'Blocked', reason: `the customer's identifier ${id} is longer than the 18 characters Flux 10 allows (G2.19)` };
  return { kind: 'B2BINT', buyer: { id, scheme: eu ? '0223' : '0227', vatNumber: eu ? vat : null, countryIso: country } };
}

/** Goods, services or both, from the priced lines. */
function natureOf(doc: IssuedDocument): 'Goods' | 'Services' | 'Mixed' {
  const priced = doc.lines.filter((l) => l.kind === 'Product' || l.kind === 'Service');
  const goods = priced.some((l) => l.kind === 'Product');
  const services = priced.some((l) => l.kind === 'Service');
  return goods && services ? 'Mixed' : goods ? 'Goods' : 'Services';
}

/**
 * VAT on receipt: services only, no VAT-on-debits option (the document's own vatMode), VAT charged by
 * the seller (standard rate S: not reverse-charged, exempt or out of scope, where the seller collects none).
 */
export function vatOnReceipt(doc: IssuedDocument, vatMode: string | null | undefined): boolean {
  return natureOf(doc) === 'Services' && vatMode !== 'Debit' && doc.sellerLiableToVat && doc.vats.some((v) => v.category === 'S');
}

interface Loaded {
  id: number;
  kind: DocumentKind;
  number: string;
  date: string;
  doc: IssuedDocument;
  vatMode: string | null;
  treatment: Treatment;
}

export async function loadDocument(db: Kysely<Database>, accountId: number, kind: DocumentKind, id: number): Promise<Loaded | null> {
  const row = await getDocumentRow(db, accountId, kind, id);
  if (!row || row.isDraft || !row.number) return null;
  const data = parseData(row);
  if (!data.seller) return null;
  const doc = toIssuedDocument(kind, { isDraft: false, data }, data.seller, { paymentMethod: data.seller.paymentMethod });
  const storedCountry = (data.billingAddress as { countryIso?: string | null } | null | undefined)?.countryIso?.trim() || null;
  return {
    id,
    kind,
    number: row.number,
    date: row.date,
    doc,
    vatMode: (data as { vatMode?: string | null }).vatMode ?? null,
    treatment: treatmentOf(doc, storedCountry),
  };
}

/** The sale documents finalized with a date in [start, end]. */
export async function documentsOf(db: Kysely<Database>, accountId: number, start: string, end: string): Promise<Loaded[]> {
  const out: Loaded[] = [];
  for (const r of await repo.finalizedDocumentsBetween(db, accountId, start, end)) {
    const loaded = await loadDocument(db, accountId, r.kind, r.id);
    if (loaded) out.push(loaded);
  }
  return out;
}

function declarantProblems(me: Declarant): BlockingPoint[] {
  return me.siren
    ? []
    : [
        {
          document: null,
          reason: 'the account has no SIRET (company.siret): the declarant of a Flux 10 report is identified by its SIREN',
        },
      ];
}

// --- transactions (sales) ------------------------------------------------------------------------------

interface Bucket {
  date: string;
  category: Flux10Aggregate['category'];
  /** TT-80: '5' (VAT due at the invoice date) for services sold under the VAT-on-debits option, else none. */
  taxDueDateTypeCode: '5' | null;
  count: Set<number>;
  rates: Map<string, { taxable: Big; tax: Big }>;
}

/** A B2C document's amounts per category and rate; a mixed document is split by the nature of its lines. */
function b2cParts(doc: IssuedDocument): { category: Flux10Aggregate['category']; rate: string; taxable: Big; tax: Big }[] {
  const parts: { category: Flux10Aggregate['category']; rate: string; taxable: Big; tax: Big }[] = [];
  const nature = natureOf(doc);
  for (const v of doc.vats) {
    const rate = rateText(v.rate);
    const taxable = new Big(v.taxableAmount);
    const tax = new Big(v.taxAmount);
    if (v.category === 'O') {
      parts.push({ category: 'TNT1', rate, taxable, tax });
      continue;
    }
    const at = (kind: 'Product' | 'Service') =>
      doc.lines
        .filter(
          (l) =>
            l.kind === kind &&
            l.vatCategory === v.category &&
            l.vatRate !== null &&
            l.vatRate !== undefined &&
            new Big(l.vatRate).eq(v.rate),
        )
        .reduce((sum, l) => sum.plus(l.netAmount ?? '0'), new Big(0));
    let goods = at('Product');
    let services = at('Service');
    // Document-level allowances and charges at this rate go with the larger share (goods when none).
    const rest = taxable.minus(goods).minus(services);
    if (services.abs().gt(goods.abs()) || (goods.eq(0) && services.eq(0) && nature === 'Services')) services = services.plus(rest);
    else goods = goods.plus(rest);
    if (!goods.eq(0) && !services.eq(0)) {
      const goodsTax = goods.times(v.rate).div(100).round(2, Big.roundHalfUp);
      parts.push({ category: 'TLB1', rate, taxable: goods, tax: goodsTax });
      parts.push({ category: 'TPS1', rate, taxable: services, tax: tax.minus(goodsTax) });
    } else if (!services.eq(0)) parts.push({ category: 'TPS1', rate, taxable, tax });
    else parts.push({ category: 'TLB1', rate, taxable, tax });
  }
  return parts;
}

function individual(l: Loaded, me: Declarant, buyer: Flux10Party, blocking: BlockingPoint[]): Flux10Invoice | null {
  const doc = l.doc;
  const problems: string[] = [];
  if (!me.vatNumber) problems.push("the account has no VAT number (company.vatNumber): Flux 10 requires the seller's with a SIREN (G2.33)");
  let referenced: Flux10Invoice['referencedInvoice'] = null;
  if (l.kind === 'Credit') {
    const p = doc.precedingInvoice;
    if (!p?.number || !p.date)
      problems.push('the credit note does not name the invoice it corrects, with its date: Flux 10 requires it (G1.32)');
    else referenced = { number: p.number, issueDate: p.date };
  }
  for (const v of doc.vats) {
    if (!FLUX10_CATEGORIES.has(v.category)) problems.push(`VAT category ${v.category} is not one Flux 10 accepts (G2.31)`);
    if (!FLUX10_RATES.has(rateText(v.rate))) problems.push(`VAT rate ${v.rate} % is not one Flux 10 accepts (G1.24)`);
  }
  if (problems.length) {
    for (const reason of problems) blocking.push({ document: l.number, reason });
    return null;
  }
  const nature = natureOf(doc);
  const due = doc.vatDueDateTypeCode && ['5', '29', '72'].includes(doc.vatDueDateTypeCode) ? doc.vatDueDateTypeCode : null;
  return {
    number: l.number,
    issueDate: l.date,
    typeCode: doc.typeCode ?? (l.kind === 'Credit' ? '381' : '380'),
    taxDueDateTypeCode: due,
    businessProcess: nature === 'Goods' ? 'B1' : nature === 'Services' ? 'S1' : 'M1',
    referencedInvoice: referenced,
    seller: { id: me.siren, scheme: '0002', vatNumber: me.vatNumber, countryIso: me.countryIso },
    buyer,
    taxExclusiveAmount: doc.totals.taxExclusive,
    taxAmount: doc.totals.taxTotal,
    subtotals: doc.vats.map((v) => ({
      taxableAmount: v.taxableAmount,
      taxAmount: v.taxAmount,
      category: v.category,
      rate: rateText(v.rate),
      exemptionReason: v.exemptionReason ?? null,
      exemptionReasonCode: v.exemptionReasonCode ?? null,
    })),
  };
}

function addTotals(map: Map<string, { taxable: Big; tax: Big; collected: Big }>, rate: string, taxable: Big, tax: Big, collected: Big) {
  const t = map.get(rate) ?? { taxable: new Big(0), tax: new Big(0), collected: new Big(0) };
  map.set(rate, { taxable: t.taxable.plus(taxable), tax: t.tax.plus(tax), collected: t.collected.plus(collected) });
}

function totalsOf(map: Map<string, { taxable: Big; tax: Big; collected: Big }>, documents: string[]): DeclaredTotals {
  return {
    rates: [...map.entries()]
      .sort((a, b) => new Big(b[0]).cmp(a[0]))
      .map(([rate, t]) => ({ rate, taxableAmount: money(t.taxable), taxAmount: money(t.tax), collected: money(t.collected) })),
    documents,
  };
}

export async function salesContent(
  db: Kysely<Database>,
  accountId: number,
  me: Declarant,
  start: string,
  end: string,
): Promise<PeriodContent> {
  const blocking = declarantProblems(me);
  const invoices: Flux10Invoice[] = [];
  const buckets = new Map<string, Bucket>();
  const totals = new Map<string, { taxable: Big; tax: Big; collected: Big }>();
  const documents: string[] = [];
  for (const l of await documentsOf(db, accountId, start, end)) {
    const t = l.treatment;
    if (t.kind === 'Domestic') continue;
    if (t.kind === 'Blocked') {
      blocking.push({ document: l.number, reason: t.reason });
      continue;
    }
    const sign = l.kind === 'Credit' ? -1 : 1;
    if (t.kind === 'B2BINT') {
      const entry = individual(l, me, t.buyer, blocking);
      if (!entry) continue;
      invoices.push(entry);
      documents.push(l.number);
      for (const v of l.doc.vats)
        addTotals(totals, rateText(v.rate), new Big(v.taxableAmount).times(sign), new Big(v.taxAmount).times(sign), new Big(0));
      continue;
    }
    const parts = b2cParts(l.doc);
    const bad = parts.find((p) => !FLUX10_RATES.has(p.rate));
    if (bad) {
      blocking.push({ document: l.number, reason: `VAT rate ${bad.rate} % is not one Flux 10 accepts (G1.24)` });
      continue;
    }
    documents.push(l.number);
    for (const p of parts) {
      // The VAT-on-debits option is said per aggregate (art. 242 nonies M, I-3° of annex II to the CGI): services
      // sold under it and services whose VAT is due on receipt are two aggregates of the day. Goods' VAT is due on
      // delivery whatever the option, so theirs carry no code.
      const debits = p.category === 'TPS1' && l.vatMode === 'Debit' ? '5' : null;
      const key = `${l.date}|${p.category}|${debits ?? ''}`;
      const b: Bucket = buckets.get(key) ?? {
        date: l.date,
        category: p.category,
        taxDueDateTypeCode: debits,
        count: new Set<number>(),
        rates: new Map<string, { taxable: Big; tax: Big }>(),
      };
      b.count.add(l.id);
      const r = b.rates.get(p.rate) ?? { taxable: new Big(0), tax: new Big(0) };
      b.rates.set(p.rate, { taxable: r.taxable.plus(p.taxable.times(sign)), tax: r.tax.plus(p.tax.times(sign)) });
      buckets.set(key, b);
      addTotals(totals, p.rate, p.taxable.times(sign), p.tax.times(sign), new Big(0));
    }
  }
  const aggregates: Flux10Aggregate[] = [...buckets.values()]
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.category.localeCompare(b.category) ||
        (a.taxDueDateTypeCode ?? '').localeCompare(b.taxDueDateTypeCode ?? ''),
    )
    .map((b) => {
      const rates = [...b.rates.entries()].sort((x, y) => new Big(y[0]).cmp(x[0]));
      return {
        date: b.date,
        category: b.category,
        taxDueDateTypeCode: b.taxDueDateTypeCode,
        taxExclusiveAmount: money(rates.reduce((s, [, r]) => s.plus(r.taxable), new Big(0))),
        taxAmount: money(rates.reduce((s, [, r]) => s.plus(r.tax), new Big(0))),
        count: b.count.size,
        subtotals: rates.map(([rate, r]) => ({ rate, taxableAmount: money(r.taxable), taxAmount: money(r.tax) })),
      };
    });
  return {
    report: { kind: 'Transactions', start, end, invoices, aggregates },
    blocking,
    totals: totalsOf(totals, documents),
    entries: invoices.length + aggregates.length,
  };
}

// --- payments ---------------------------------------------------------------------------------------------

/** An amount collected on a document, split over its VAT rates in proportion to their amounts tax included. */
export function splitByRate(doc: IssuedDocument, amount: Big): { rate: string; amount: Big }[] {
  const total = new Big(doc.totals.taxInclusive);
  if (total.eq(0) || !doc.vats.length) return [];
  let left = amount;
  return doc.vats.map((v, i) => {
    const inclusive = new Big(v.taxableAmount).plus(v.taxAmount);
    const share = i === doc.vats.length - 1 ? left : amount.times(inclusive).div(total).round(2, Big.roundHalfUp);
    left = left.minus(share);
    return { rate: rateText(v.rate), amount: share };
  });
}

/**
 * The VAT-rate shares of a payment of `amount` on `doc` when `before` was already settled on it: the
 * split of what is settled after it minus the split of what was settled before. A document paid in
 * several instalments thus has, once fully paid, collected exactly its amount tax included at each
 * rate (its VAT lines), to the cent, whatever the rounding of each instalment.
 */
export function instalmentByRate(doc: IssuedDocument, before: Big, amount: Big): { rate: string; amount: Big }[] {
  const after = splitByRate(doc, before.plus(amount));
  const earlier = splitByRate(doc, before);
  return after.map((s, i) => ({ rate: s.rate, amount: s.amount.minus(earlier[i]?.amount ?? 0) }));
}

export interface Collection {
  receiptId: number;
  date: string;
  document: Loaded;
  amount: Big;
  /**
   * The amount by VAT rate: for a domestic invoice as its 212 Encaissée says it (this payment split on
   * its own); otherwise cumulatively (instalmentByRate), so that instalments add up to the document's VAT lines.
   */
  shares: { rate: string; amount: Big }[];
}

const settlementKey = (type: string, documentId: number) => `${type === 'Credit' ? 'Credit' : 'Invoice'}|${documentId}`;

/** Every Success receipt's allocation, dated in [start, end], to a finalized sale document. */
export async function collectionsOf(db: Kysely<Database>, accountId: number, start: string, end: string) {
  const found: Omit<Collection, 'shares'>[] = [];
  const unlinked: { receiptId: number; date: string; amount: Big }[] = [];
  const cache = new Map<number, Loaded | null>();
  for await (const batch of receiptBatches(db, accountId, { from: start, to: end, status: 'Success' })) {
    const links = await receiptLinksOf(
      db,
      accountId,
      batch.map((r) => r.id),
    );
    for (const r of batch) {
      const mine = links.filter((l) => l.receiptId === r.id);
      const allocated = mine.reduce((s, l) => s.plus(l.amount), new Big(0));
      if (!r.amount.minus(allocated).eq(0)) unlinked.push({ receiptId: r.id, date: r.date, amount: r.amount.minus(allocated) });
      for (const l of mine) {
        const kind: DocumentKind = l.type === 'Credit' ? 'Credit' : 'Invoice';
        if (!cache.has(l.documentId)) cache.set(l.documentId, await loadDocument(db, accountId, kind, l.documentId));
        const document = cache.get(l.documentId);
        if (document) found.push({ receiptId: r.id, date: r.date, document, amount: l.amount });
      }
    }
  }
  // What was settled on each document, in the order of the receipts (date, then id), whatever their period.
  const history = new Map<string, { date: string; receiptId: number; amount: Big }[]>();
  for (const s of await settlementsOfDocuments(db, accountId, [...new Set(found.map((c) => c.document.id))])) {
    const key = settlementKey(s.type, s.documentId);
    history.set(key, [...(history.get(key) ?? []), { date: s.date, receiptId: s.receiptId, amount: s.amount }]);
  }
  const collections: Collection[] = found.map((c) => {
    if (c.document.treatment.kind === 'Domestic') return { ...c, shares: splitByRate(c.document.doc, c.amount) };
    const before = (history.get(settlementKey(c.document.kind, c.document.id)) ?? [])
      .filter((h) => h.date < c.date || (h.date === c.date && h.receiptId < c.receiptId))
      .reduce((s, h) => s.plus(h.amount), new Big(0));
    return { ...c, shares: instalmentByRate(c.document.doc, before, c.amount) };
  });
  return { collections, unlinked };
}

export async function paymentsContent(
  db: Kysely<Database>,
  accountId: number,
  me: Declarant,
  start: string,
  end: string,
): Promise<PeriodContent> {
  const blocking = declarantProblems(me);
  const totals = new Map<string, { taxable: Big; tax: Big; collected: Big }>();
  const perInvoice = new Map<string, Flux10Payment & { number: string; issueDate: string; amounts: Map<string, Big> }>();
  const perDay = new Map<string, Map<string, Big>>();
  const documents = new Set<string>();
  const { collections } = await collectionsOf(db, accountId, start, end);
  for (const c of collections) {
    const l = c.document;
    if (!vatOnReceipt(l.doc, l.vatMode)) continue;
    const t = l.treatment;
    if (t.kind === 'Domestic') continue;
    if (t.kind === 'Blocked') {
      blocking.push({ document: l.number, reason: t.reason });
      continue;
    }
    const shares = c.shares;
    if (t.kind === 'B2BINT') {
      const key = `${c.receiptId}|${l.kind}|${l.id}`;
      const entry = perInvoice.get(key) ?? {
        number: l.number,
        issueDate: l.date,
        date: c.date,
        subtotals: [],
        amounts: new Map<string, Big>(),
      };
      for (const s of shares) entry.amounts.set(s.rate, (entry.amounts.get(s.rate) ?? new Big(0)).plus(s.amount));
      perInvoice.set(key, entry);
    } else {
      const day = perDay.get(c.date) ?? new Map<string, Big>();
      for (const s of shares) day.set(s.rate, (day.get(s.rate) ?? new Big(0)).plus(s.amount));
      perDay.set(c.date, day);
    }
    documents.add(l.number);
    for (const s of shares) addTotals(totals, s.rate, new Big(0), new Big(0), s.amount);
  }
  // Flux 10 has no negative amount collected (G1.16): a refund is deducted from the collections of the
  // same rate on that day, then on the days before it in the period; what is left is a blocking point.
  const days = [...perDay.keys()].sort();
  for (const [i, date] of days.entries()) {
    for (const [rate, amount] of perDay.get(date)!) {
      if (amount.gte(0)) continue;
      let deficit = amount.neg();
      perDay.get(date)!.set(rate, new Big(0));
      for (let j = i - 1; j >= 0 && deficit.gt(0); j--) {
        const earlier = perDay.get(days[j])!;
        const there = earlier.get(rate) ?? new Big(0);
        const take = there.lt(deficit) ? there : deficit;
        if (take.lte(0)) continue;
        earlier.set(rate, there.minus(take));
        deficit = deficit.minus(take);
      }
      if (deficit.gt(0))
        blocking.push({
          document: null,
          reason: `refunds of ${money(deficit)} € at ${rate} % on ${date} exceed the collections before them in the period: Flux 10 accepts no negative amount collected (G1.16)`,
        });
    }
  }
  const invoices = [...perInvoice.values()].flatMap((e) => {
    const negative = [...e.amounts.values()].some((a) => a.lt(0));
    if (negative) {
      blocking.push({ document: e.number, reason: 'a refund to a foreign business: Flux 10 accepts no negative amount collected (G1.16)' });
      return [];
    }
    const subtotals = [...e.amounts.entries()].filter(([, a]) => !a.eq(0)).map(([rate, a]) => ({ rate, amount: money(a) }));
    return subtotals.length ? [{ number: e.number, issueDate: e.issueDate, date: e.date, subtotals }] : [];
  });
  const aggregates = days
    .map((date) => ({
      date,
      subtotals: [...perDay.get(date)!.entries()]
        .filter(([, a]) => a.gt(0))
        .sort((a, b) => new Big(b[0]).cmp(a[0]))
        .map(([rate, a]) => ({ rate, amount: money(a) })),
    }))
    .filter((d) => d.subtotals.length);
  for (const entry of [...invoices.flatMap((i) => i.subtotals), ...aggregates.flatMap((a) => a.subtotals)]) {
    if (!FLUX10_RATES.has(entry.rate))
      blocking.push({ document: null, reason: `VAT rate ${entry.rate} % is not one Flux 10 accepts (G1.24)` });
  }
  return {
    report: { kind: 'Payments', start, end, invoices, aggregates },
    blocking,
    totals: totalsOf(totals, [...documents]),
    entries: invoices.length + aggregates.length,
  };
}

// --- purchases from foreign suppliers ---------------------------------------------------------------

/** VAT regions that are France for VAT (the purchase is domestic: e-invoicing, or nothing to report). */
const DOMESTIC_REGIONS = new Set(['FR', 'DOM', 'Corse', 'Monaco']);

/** The billing frameworks (TT-28, cadre de facturation) the Flux 10 Schematron accepts (rule G1.02). */
const FLUX10_FRAMEWORKS = new Set(['B1', 'S1', 'M1', 'B2', 'S2', 'M2', 'B4', 'S4', 'M4', 'S5', 'S6', 'B7', 'S7']);
/** Accounts of the French chart (PCG) whose purchases are goods: stocked purchases, supplies, goods for resale, tangible assets. */
const GOODS_ACCOUNTS = /^(601|602|603|606|607|608|21|23)/;
/** …and services: studies and services, external services (61, 62), licences, intangible assets. */
const SERVICES_ACCOUNTS = /^(604|61|62|651|20)/;

/**
 * The billing framework of a purchase: the one its own file gives (BT-23 of a French e-invoice) when
 * Flux 10 accepts it, else goods (B1) or services (S1) from the account of its classification, else M1:
 * Flux 10 has no code for "not known", and M1 (goods and services) claims neither alone.
 */
export function purchaseFramework(fileProcess: string | null | undefined, accountNumber: string | null | undefined): string {
  const given = fileProcess?.trim().toUpperCase();
  if (given && FLUX10_FRAMEWORKS.has(given)) return given;
  if (accountNumber && GOODS_ACCOUNTS.test(accountNumber)) return 'B1';
  if (accountNumber && SERVICES_ACCOUNTS.test(accountNumber)) return 'S1';
  return 'M1';
}

/**
 * Purchases from suppliers established outside France (region EU or IE), one entry per invoice or
 * credit note, the account as buyer (declarant role BY). A rate-0 line is reverse-charged (AE) from the
 * EU, an import (G) from elsewhere. A supplier credit note (stored negative, or a credit note by its
 * file) is reported as type 381 with positive amounts and the invoice it corrects, read from its file
 * (BT-25, BT-26): without them it is a blocking point (G1.32).
 */
export async function purchasesContent(
  db: Kysely<Database>,
  accountId: number,
  me: Declarant,
  start: string,
  end: string,
): Promise<PeriodContent> {
  const blocking = declarantProblems(me);
  if (me.siren && !me.vatNumber)
    blocking.push({
      document: null,
      reason: "the account has no VAT number (company.vatNumber): Flux 10 requires the buyer's with a SIREN (G2.33)",
    });
  const invoices: Flux10Invoice[] = [];
  const totals = new Map<string, { taxable: Big; tax: Big; collected: Big }>();
  const documents: string[] = [];
  for await (const batch of purchaseInvoiceBatches(db, accountId, { from: start, to: end })) {
    const suppliers = await getSuppliersByIds(
      db,
      accountId,
      batch.flatMap((p) => (p.supplierId === null ? [] : [p.supplierId])),
    );
    for (const p of batch) {
      if (DOMESTIC_REGIONS.has(p.region)) continue;
      const name = p.reference ?? `purchase ${p.id}`;
      const supplier = p.supplierId === null ? undefined : suppliers.get(p.supplierId);
      const country = supplier?.address?.countryIso?.toUpperCase() || null;
      const facts: PurchaseFileFacts | null = await purchaseFileFacts(db, accountId, p.id);
      const credit = p.taxIncludedAmount.lt(0) || facts?.isCredit === true;
      const sign = credit ? -1 : 1;
      const problems: string[] = [];
      if (!p.reference) problems.push('the purchase invoice has no number (reference)');
      if (!supplier || !country || !isValidCountryIso(country)) problems.push('the supplier has no country in its address');
      if (!p.vats?.length) problems.push('the VAT breakdown of the purchase invoice is unknown (vats)');
      let referenced: Flux10Invoice['referencedInvoice'] = null;
      if (credit) {
        const corrected = facts?.precedingInvoices.find((i) => i.issueDate);
        if (corrected?.issueDate) referenced = { number: corrected.number, issueDate: corrected.issueDate };
        else
          problems.push(
            'a supplier credit note whose file does not name the invoice it corrects with its date (BT-25, BT-26): Flux 10 requires them (G1.32)',
          );
      }
      const eu = country ? isEuMember(country) : false;
      const vat = supplier?.companyInformations.vatNumber?.replace(/\s/g, '').toUpperCase() || null;
      const id = eu ? vat : (vat ?? supplier?.companyInformations.siret?.replace(/\s/g, '') ?? null);
      if (supplier && country && !id)
        problems.push(
          eu
            ? 'the supplier in the EU has no VAT number (companyInformations.vatNumber)'
            : 'the supplier has no identifier (companyInformations.vatNumber or siret)',
        );
      if (id && id.length > 18) problems.push(`the supplier's identifier ${id} is longer than the 18 characters Flux 10 allows (G2.19)`);
      // Amounts are positive in the file (type 381 carries the sign of a credit note), signed in the totals.
      const subtotals = (p.vats ?? []).map((v) => {
        const rate = rateText(v.rate);
        const zero = new Big(v.rate).eq(0);
        if (!FLUX10_RATES.has(rate)) problems.push(`VAT rate ${rate} % is not one Flux 10 accepts (G1.24)`);
        return {
          taxableAmount: new Big(v.taxExcludedAmount).abs().toFixed(2),
          taxAmount: new Big(v.vatAmount).abs().toFixed(2),
          category: zero ? (eu ? 'AE' : 'G') : 'S',
          rate,
          exemptionReason: zero ? (eu ? 'Autoliquidation' : 'Importation') : null,
          exemptionReasonCode: zero ? (eu ? 'VATEX-EU-AE' : 'VATEX-EU-G') : null,
        };
      });
      if (problems.length) {
        for (const reason of problems) blocking.push({ document: name, reason });
        continue;
      }
      const account = p.classificationId === null ? null : classificationById(p.classificationId)?.accountNumber;
      invoices.push({
        number: p.reference!,
        issueDate: p.date,
        typeCode: credit ? '381' : '380',
        businessProcess: purchaseFramework(facts?.businessProcess, account),
        referencedInvoice: referenced,
        seller: { id, scheme: eu ? '0223' : '0227', vatNumber: eu ? vat : null, countryIso: country },
        buyer: { id: me.siren, scheme: '0002', vatNumber: me.vatNumber, countryIso: me.countryIso },
        taxExclusiveAmount: subtotals.reduce((s, v) => s.plus(v.taxableAmount), new Big(0)).toFixed(2),
        taxAmount: subtotals.reduce((s, v) => s.plus(v.taxAmount), new Big(0)).toFixed(2),
        subtotals,
      });
      documents.push(p.reference!);
      for (const v of subtotals)
        addTotals(totals, v.rate, new Big(v.taxableAmount).times(sign), new Big(v.taxAmount).times(sign), new Big(0));
    }
  }
  return {
    report: { kind: 'Transactions', start, end, invoices, aggregates: [] },
    blocking,
    totals: totalsOf(totals, documents),
    entries: invoices.length,
  };
}

export function contentOf(db: Kysely<Database>, accountId: number, me: Declarant, kind: ReportKind, start: string, end: string) {
  if (kind === 'Purchases') return purchasesContent(db, accountId, me, start, end);
  return kind === 'Payments' ? paymentsContent(db, accountId, me, start, end) : salesContent(db, accountId, me, start, end);
}
