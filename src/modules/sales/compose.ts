// Turns a draft's input into the stored document: the customer and products named fill what the
// input leaves out, then the totals are computed by src/domain/totals.ts (never taken from input).
import Big from 'big.js';
import { roundInput } from '../../domain/money.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DomainValidationError } from '../../domain/errors.js';
import { todayIn } from '../../domain/dates.js';
import { normalizeIdentifier, siretProblem, sirenProblem } from '../../domain/identifiers.js';
import { computeSettlement } from '../../domain/settlement.js';
import { computeTotals, type DocumentTotals, type TotalsLineInput, type VatCategory } from '../../domain/totals.js';
import { EU_MEMBER_STATES, VAT_DOM_COUNTRY_CODES, frenchTerritoryIso } from '../../domain/countries.js';
import { DEBIT_OPTION_MENTION, DEFAULT_VATEX, vatexEntry, type ExemptCategory } from '../../domain/vatex.js';
import { ValidationError, type FieldError } from '../../errors.js';
import { customers } from '../customers/index.js';
import { PRODUCT, type StoredProduct } from '../products/index.js';
import { store } from '../records/index.js';
import { unitByCode, unitById } from '../reference/index.js';
import { vatById, VATS } from '../reference/index.js';
import type { VatEntry as RefVat, VatRegionCode as VatRegion } from '../reference/index.js';
import type { AccountSettings } from '../settings/index.js';
import { checkAddress, throwIfAny, toAddress, type AddressInputT } from '../../app/input/address.js';
import { clean } from '../../app/input/text.js';
import type { DocumentContact, DocumentKind, DocumentLine, DocumentUnit, DocumentVat, StoredDocument } from './document.js';
import { MAX_AMOUNT, type DocumentInputT, type SaleDocumentLineInputT } from './schemas.js';

/** What the document asks to be paid: its total, less the deposits it deducts (BT-115). */
export function payableOf(doc: Pick<StoredDocument, 'totals' | 'prepaid'>): Big {
  const total = new Big(doc.totals.taxIncludedAmount);
  return doc.prepaid ? total.minus(doc.prepaid.amount) : total;
}

/** The fields a document keeps from one composition to the next (set by the use case that made it, not by input). */
export function carriedFields(doc: StoredDocument): Pick<StoredDocument, 'deposit' | 'quote' | 'prepaid'> {
  return {
    ...(doc.deposit && { deposit: doc.deposit }),
    ...(doc.quote && { quote: doc.quote }),
    ...(doc.prepaid && { prepaid: doc.prepaid }),
  };
}

/** The settlement term that applies: the account's B2C term for consumers, B2B otherwise; on what remains payable. */
export function scheduleFor(doc: Pick<StoredDocument, 'customerType' | 'totals' | 'prepaid'>, date: string, settings: AccountSettings) {
  const term = doc.customerType === 'Consumer' ? settings.sales.btoCSettlementTerm : settings.sales.btoBSettlementTerm;
  const payable = payableOf(doc);
  const schedule = computeSettlement({ documentDate: date, totalAmount: payable.toFixed(2), term: term });
  return { dueDate: schedule.dueDate, commitments: schedule.commitments, paymentTermsText: schedule.text };
}

function toVat(v: RefVat): DocumentVat {
  return { default: v.default, id: v.id, label: v.label, rate: v.rate, region: v.region };
}

function toUnit(u: NonNullable<ReturnType<typeof unitById>>): DocumentUnit {
  return { code: u.code, conversion: u.conversion, decimals: u.decimals, id: u.id, name: u.name, type: u.type };
}

/** A VAT given by id or rate, resolved against the reference list of the document's region. */
function resolveVat(
  input: { id?: number | null; rate?: number | null } | null | undefined,
  region: VatRegion,
  field: string,
  errors: FieldError[],
): DocumentVat | null {
  if (!input || (input.id == null && input.rate == null)) return null;
  if (input.id != null) {
    const vat = vatById(input.id);
    if (!vat) {
      errors.push({ field: `${field}.id`, message: `VAT id ${input.id} is not in the VAT list (GET /v1/vats)` });
      return null;
    }
    return toVat(vat);
  }
  const rate = new Big(input.rate!);
  const known = VATS.find((v) => v.region === region && rate.eq(v.rate)) ?? VATS.find((v) => rate.eq(v.rate));
  if (!known) {
    errors.push({ field: `${field}.rate`, message: `${input.rate} % is not a French VAT rate (GET /v1/vats)` });
    return null;
  }
  return toVat(known);
}

function resolveUnit(input: SaleDocumentLineInputT['unit'], field: string, errors: FieldError[]): DocumentUnit | null {
  if (!input) return null;
  const unit = input.id != null ? unitById(input.id) : input.code ? unitByCode(input.code) : undefined;
  if (unit) return toUnit(unit);
  if (input.id != null || input.code) {
    errors.push({ field, message: `unit ${input.id ?? input.code} is not in the unit list (GET /v1/units)` });
    return null;
  }
  // A free unit label (e.g. "forfait") is kept as printed text.
  return input.name ? { code: null, conversion: null, decimals: null, id: null, name: input.name, type: null } : null;
}

function contact(input: DocumentInputT['billingContact']): DocumentContact | null {
  if (!input) return null;
  const first = clean(input.firstName);
  const last = clean(input.lastName);
  const display = [first, last].filter(Boolean).join(' ') || clean(input.companyName);
  return {
    cellPhone: clean(input.cellPhone),
    companyName: clean(input.companyName),
    displayName: display,
    email: clean(input.email),
    firstName: first,
    function: clean(input.function),
    invertedDisplayName: [last?.toUpperCase(), first].filter(Boolean).join(' ') || clean(input.companyName),
    lastName: last,
    phone: clean(input.phone),
    service: clean(input.service),
    title: clean(input.title),
  };
}

async function findProduct(db: Kysely<Database>, accountId: number, line: SaleDocumentLineInputT) {
  if (line.productId != null) {
    const record = await store.getRecord<StoredProduct>(db, PRODUCT, accountId, line.productId);
    return record ? { id: record.id, data: record.data } : null;
  }
  const by = line.productNumber ? { number: line.productNumber } : line.productInternalId ? { internalId: line.productInternalId } : null;
  if (!by) return undefined;
  const [found] = await store.findRecords<StoredProduct>(db, PRODUCT, accountId, by, 1);
  return found ? { id: found.id, data: found.data } : null;
}

const PRICED = new Set(['Product', 'Service']);
const ZERO_RATED: ReadonlySet<VatCategory> = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);
/** The 0 % entry of the VAT list a zero-rated category is shown with. */
const ZERO_VAT_ID: Partial<Record<VatCategory, number>> = { K: 10, G: 20 };

/** Allowed characters and length of an invoice number (BT-1, BT-25) for the French CTC rules (BR-FR-01/02). */
export const INVOICE_NUMBER_FORMAT = /^[A-Za-z0-9+\-_/]{1,35}$/;

/**
 * The VAT category a priced line gets when neither the line nor the document names one, from the
 * buyer (docs/einvoicing.md, "VAT categories"): a business with a VAT number in another EU state
 * gets K for goods and AE for services; a buyer outside the EU (and in Guyane, Mayotte,
 * Saint-Pierre-et-Miquelon, Saint-Barthélemy, Saint-Martin, outside the French VAT territory) gets G
 * for goods, and for services when it is a business. Otherwise null: the rate decides (S, or Z at 0 %).
 */
export function defaultVatCategory(
  lineType: string,
  buyer: { countryIso: string | null; zipcode: string | null; isBusiness: boolean; vatNumber: string | null },
): VatCategory | null {
  const territory = frenchTerritoryIso(buyer.countryIso ?? 'FR', buyer.zipcode) ?? 'FR';
  if (territory === 'FR' || territory === 'MC' || VAT_DOM_COUNTRY_CODES.includes(territory)) return null;
  const goods = lineType === 'Product';
  if (EU_MEMBER_STATES.includes(territory)) return buyer.isBusiness && buyer.vatNumber ? (goods ? 'K' : 'AE') : null;
  return goods || buyer.isBusiness ? 'G' : null;
}

/** The VATEX code of an exempt category: the one given, else the default (E: the franchise, for a seller not liable). */
function exemptionCode(
  category: VatCategory,
  given: string | null,
  sellerLiable: boolean,
  field: string,
  errors: FieldError[],
): string | null {
  if (!ZERO_RATED.has(category) || category === 'Z') {
    if (given) errors.push({ field, message: `a VAT exemption code does not go with category ${category}` });
    return null;
  }
  if (given) {
    const entry = vatexEntry(given);
    if (!entry) {
      errors.push({ field, message: `${given} is not a code of the VATEX list (BR-CL-22); see docs/einvoicing.md` });
      return null;
    }
    if (!entry.categories.includes(category as ExemptCategory)) {
      errors.push({ field, message: `${entry.code} is a code of category ${entry.categories.join('/')}, not ${category}` });
      return null;
    }
    return entry.code;
  }
  if (category === 'E') {
    if (!sellerLiable) return DEFAULT_VATEX.E;
    errors.push({
      field,
      message: 'category E (exempt) needs the VATEX code of the exemption (vatExemptionCode, BR-E-10), e.g. VATEX-FR-CGI261-4',
    });
    return null;
  }
  return DEFAULT_VATEX[category as ExemptCategory];
}

export interface ComposeContext {
  db: Kysely<Database>;
  accountId: number;
  kind: DocumentKind;
  settings: AccountSettings;
  timezone: string;
}

/** `carried`: what the use case that made the document set on it (deposit, quote, prepaid), kept as is. */
export async function composeDocument(
  ctx: ComposeContext,
  sent: DocumentInputT,
  carried: ReturnType<typeof carriedFields> = {},
): Promise<StoredDocument> {
  const { db, accountId, settings } = ctx;
  const input = { ...sent, shippingAmount: roundInput(sent.shippingAmount, 2) };
  const errors: FieldError[] = [];

  // The customer named fills what the document leaves out (a snapshot: later edits of the
  // customer never change this document).
  const customer = input.customerId != null ? await customers.getStored(db, accountId, input.customerId) : null;
  if (input.customerId != null && !customer) {
    errors.push({ field: 'customerId', message: `customer ${input.customerId} does not exist` });
  }
  const options = customer?.billingOptions;
  const region = input.region ?? 'FR';
  const sellerLiable = input.liableToVat ?? settings.vat.liableToVat;
  const reverseCharge = input.vatReverseCharge ?? options?.vatReverseCharge ?? false;
  const useTaxIncluded = input.useTaxIncludedPrices ?? options?.useTaxIncludedPrices ?? settings.sales.useTaxIncluded;

  const billingAddressInput: AddressInputT | null | undefined = input.billingAddress ?? customer?.billingAddress;
  const shippingAddressInput: AddressInputT | null | undefined = input.shippingAddress ?? customer?.shippingAddress;
  checkAddress(billingAddressInput, 'billingAddress', errors);
  checkAddress(shippingAddressInput, 'shippingAddress', errors);

  const siret = clean(input.customerSiret) ? normalizeIdentifier(input.customerSiret!) : (customer?.companyInformations.siret ?? null);
  if (siret && input.customerSiret) {
    const problem = siret.length === 9 ? sirenProblem(siret) : siretProblem(siret);
    if (problem) errors.push({ field: 'customerSiret', message: problem });
  }

  if (input.lines && input.lines.length > 1000) errors.push({ field: 'lines', message: 'at most 1000 lines' });
  const customerType = input.customerType ?? customer?.type ?? null;
  const customerVatNumber =
    clean(input.customerVatNumber)?.toUpperCase().replace(/\s/g, '') ?? customer?.companyInformations.vatNumber ?? null;
  const billing = toAddress(billingAddressInput);
  const buyer = {
    countryIso: billing?.countryIso ?? null,
    zipcode: billing?.zipcode ?? null,
    isBusiness: customerType !== 'Consumer',
    vatNumber: customerVatNumber,
  };
  /** The VATEX code of each exempt category of the document, and the field it came from. */
  const codes = new Map<VatCategory, { code: string; field: string }>();
  const docCode = clean(input.vatExemptionCode);
  const docEntry = docCode ? vatexEntry(docCode) : null;
  if (docCode && !docEntry) {
    errors.push({ field: 'vatExemptionCode', message: `${docCode} is not a code of the VATEX list (BR-CL-22); see docs/einvoicing.md` });
  } else if (docEntry && input.vatCategory && !docEntry.categories.includes(input.vatCategory as ExemptCategory)) {
    errors.push({
      field: 'vatExemptionCode',
      message: `${docEntry.code} is a code of category ${docEntry.categories.join('/')}, not ${input.vatCategory}`,
    });
  }
  /** The document's code applies to the lines of its category. */
  const docCodeFor = (category: VatCategory): string | null =>
    docEntry && docEntry.categories.includes(category as ExemptCategory) ? docEntry.code : null;
  if (ctx.kind === 'Credit') {
    const number = clean(input.correctedInvoiceNumber);
    if (number && !INVOICE_NUMBER_FORMAT.test(number)) {
      errors.push({
        field: 'correctedInvoiceNumber',
        message: 'an invoice number has at most 35 letters, digits and + - _ / without spaces (BR-FR-01/BR-FR-02)',
      });
    }
    if (number && input.cancelledInvoicetId != null) {
      errors.push({
        field: 'correctedInvoiceNumber',
        message: 'give either cancelledInvoicetId (our invoice) or correctedInvoiceNumber, not both',
      });
    }
  }
  const defaultVat = VATS.find((v) => v.region === region && v.default) ?? VATS.find((v) => v.default)!;

  const lines: DocumentLine[] = [];
  const totalsLines: TotalsLineInput[] = [];
  for (const [i, sent] of (input.lines ?? []).entries()) {
    const field = `lines[${i}]`;
    // Quantities and unit prices are kept to 4 decimals: more are rounded, not refused.
    const line = {
      ...sent,
      quantity: roundInput(sent.quantity, 4),
      taxExcludedPrice: roundInput(sent.taxExcludedPrice, 4),
      taxIncludedPrice: roundInput(sent.taxIncludedPrice, 4),
      purchasePrice: roundInput(sent.purchasePrice, 4),
    };
    const product = await findProduct(db, accountId, line);
    if (product === null) {
      const named = line.productId ?? line.productNumber ?? line.productInternalId;
      errors.push({
        field: `${field}.product${line.productId != null ? 'Id' : line.productNumber ? 'Number' : 'InternalId'}`,
        message: `product ${named} does not exist`,
      });
    }
    const p = product?.data;
    const type =
      line.type ??
      (p?.type === 'Service' ? 'Service' : line.taxExcludedPrice != null || line.taxIncludedPrice != null || p ? 'Product' : 'Text');
    const priced = PRICED.has(type);
    if (line.discount?.type === 'Percent' && line.discount.value != null && line.discount.value > 100) {
      errors.push({ field: `${field}.discount.value`, message: 'a percent discount is at most 100' });
    }
    const vat =
      resolveVat(line.vat, region, `${field}.vat`, errors) ??
      (p?.vatId != null ? toVat(vatById(p.vatId)!) : null) ??
      (priced ? toVat(defaultVat) : null);
    const unit =
      resolveUnit(line.unit, `${field}.unit`, errors) ?? (p?.unitId != null && unitById(p.unitId) ? toUnit(unitById(p.unitId)!) : null);
    // The category: the line's, the document's, or the customer's default; reverse charge and a
    // seller not liable to VAT override them all (AE, E: src/domain/totals.ts).
    const givenCategory = priced ? (line.vatCategory ?? null) : null;
    const category: VatCategory | null = !priced
      ? null
      : reverseCharge
        ? 'AE'
        : !sellerLiable
          ? 'E'
          : (givenCategory ?? input.vatCategory ?? defaultVatCategory(type, buyer));
    const lineVat = category && ZERO_RATED.has(category) && vat && vat.rate !== 0 ? toVat(vatById(ZERO_VAT_ID[category] ?? 5)!) : vat;
    if (category && priced) {
      const lineCode = clean(line.vatExemptionCode);
      const code = exemptionCode(
        category,
        lineCode ?? docCodeFor(category),
        sellerLiable,
        lineCode ? `${field}.vatExemptionCode` : 'vatExemptionCode',
        errors,
      );
      if (code) {
        const previous = codes.get(category);
        if (previous && previous.code !== code) {
          errors.push({
            field: `${field}.vatExemptionCode`,
            message: `${code} differs from ${previous.code} (${previous.field}): one exemption code per VAT category and document (one VAT breakdown per category)`,
          });
        } else if (!previous) codes.set(category, { code, field });
      }
    }
    // The product's price fills a line that names none, in the basis it was entered in. Both prices
    // at 0 beside a product is how form-based clients (the n8n node) leave the price unset.
    const unpricedDefaults = p !== undefined && p !== null && line.taxExcludedPrice === 0 && line.taxIncludedPrice === 0;
    let excl = unpricedDefaults ? null : (line.taxExcludedPrice ?? null);
    let incl = unpricedDefaults ? null : (line.taxIncludedPrice ?? null);
    if (excl === null && incl === null && p && priced) {
      if (p.isUnitPriceTaxIncluded) incl = p.unitPrice ?? null;
      else excl = p.unitPrice ?? null;
    }
    const quantity = priced ? (line.quantity ?? p?.defaultQuantity ?? 1) : null;
    lines.push({
      id: i + 1,
      type: type,
      date: line.date ?? null,
      description: clean(line.description) ?? clean(p?.description) ?? clean(p?.name) ?? null,
      discount: priced ? (line.discount ?? null) : null,
      productId: product?.id ?? null,
      productNumber: p?.number ?? clean(line.productNumber),
      productInternalId: p?.internalId ?? clean(line.productInternalId),
      classificationId: line.classificationId ?? p?.classificationId ?? null,
      purchasePrice: priced ? (line.purchasePrice ?? p?.purchasePrice ?? null) : null,
      quantity,
      taxExcludedPrice: priced ? excl : null,
      taxIncludedPrice: priced ? incl : null,
      taxExcludedAmount: null,
      taxIncludedAmount: null,
      marginAmount: null,
      marginRate: 0,
      unit: priced ? unit : null,
      vat: priced ? lineVat : null,
      vatCategory: givenCategory,
      vatExemptionCode: priced ? clean(line.vatExemptionCode) : null,
    });
    totalsLines.push({
      type: type,
      quantity: quantity ?? undefined,
      taxExcludedPrice: excl ?? undefined,
      taxIncludedPrice: incl ?? undefined,
      discount: line.discount?.type && line.discount.value != null ? { type: line.discount.type, value: line.discount.value } : null,
      vatRate: category && ZERO_RATED.has(category) ? 0 : (lineVat?.rate ?? null),
      vatCategory: category,
      purchasePrice: line.purchasePrice ?? p?.purchasePrice ?? undefined,
    });
  }

  const givenShippingVat =
    resolveVat(input.shippingVat, region, 'shippingVat', errors) ?? ((input.shippingAmount ?? 0) > 0 ? toVat(defaultVat) : null);
  // Shipping follows the document's category, else the goods it carries (their category when all agree).
  const lineCategories = [...new Set(totalsLines.filter((l) => PRICED.has(l.type)).map((l) => l.vatCategory ?? null))];
  const shippingCategory: VatCategory | null =
    input.vatCategory ?? (lineCategories.length === 1 && lineCategories[0] && lineCategories[0] !== 'S' ? lineCategories[0] : null);
  if ((input.shippingAmount ?? 0) > 0 && shippingCategory && ZERO_RATED.has(shippingCategory) && shippingCategory !== 'Z') {
    const code = exemptionCode(
      shippingCategory,
      codes.get(shippingCategory)?.code ?? docCodeFor(shippingCategory),
      sellerLiable,
      'vatExemptionCode',
      errors,
    );
    if (code && !codes.has(shippingCategory)) codes.set(shippingCategory, { code, field: 'vatExemptionCode' });
  }
  const shippingVat =
    shippingCategory && ZERO_RATED.has(shippingCategory) && givenShippingVat && givenShippingVat.rate !== 0
      ? toVat(vatById(ZERO_VAT_ID[shippingCategory] ?? 5)!)
      : givenShippingVat;
  const globalDiscount = input.globalDiscount ?? options?.discount ?? null;
  if (globalDiscount?.type === 'Percent' && (globalDiscount.value ?? 0) > 100) {
    errors.push({ field: 'globalDiscount.value', message: 'a percent discount is at most 100' });
  }
  throwIfAny(errors);

  let totals: DocumentTotals;
  try {
    totals = computeTotals({
      lines: totalsLines,
      globalDiscount:
        globalDiscount?.type && globalDiscount.value != null ? { type: globalDiscount.type, value: globalDiscount.value } : null,
      shippingAmount: input.shippingAmount ?? 0,
      shippingVatRate: shippingVat?.rate ?? null,
      shippingVatCategory: shippingCategory,
      useTaxIncludedPrices: useTaxIncluded,
      vatReverseCharge: reverseCharge,
      sellerLiableToVat: sellerLiable,
    });
  } catch (e) {
    if (e instanceof DomainValidationError) throw ValidationError.field(e.field, e.message);
    throw e;
  }
  for (const v of totals.vats) {
    const chosen = codes.get(v.category);
    if (!chosen) continue;
    const entry = vatexEntry(chosen.code)!;
    v.exemptionReasonCode = entry.code;
    v.exemptionReason = entry.reason;
  }
  const tooLarge = (amount: string | null) => amount !== null && new Big(amount).abs().gt(MAX_AMOUNT);
  totals.lines.forEach((t, i) => {
    if (t.priced && (tooLarge(t.taxExcludedAmount) || tooLarge(t.taxIncludedAmount))) {
      errors.push({ field: `lines[${i}]`, message: `the line amount exceeds ${MAX_AMOUNT}` });
    }
  });
  if (tooLarge(totals.taxExcludedAmount) || tooLarge(totals.taxIncludedAmount)) {
    errors.push({ field: 'lines', message: `the document total exceeds ${MAX_AMOUNT}` });
  }
  throwIfAny(errors);
  totals.lines.forEach((t, i) => {
    const line = lines[i];
    if (!t.priced) return;
    line.taxExcludedAmount = Number(t.taxExcludedAmount);
    line.taxIncludedAmount = Number(t.taxIncludedAmount);
    line.marginAmount = t.marginAmount === null ? null : Number(t.marginAmount);
    line.marginRate = t.marginRate === null ? 0 : Number(t.marginRate);
    if (line.taxExcludedPrice === null && t.taxExcludedUnitPrice !== null) line.taxExcludedPrice = Number(t.taxExcludedUnitPrice);
    if (line.taxIncludedPrice === null && line.vat?.rate != null && line.taxExcludedPrice !== null) {
      line.taxIncludedPrice = Number(new Big(line.taxExcludedPrice).times(new Big(100).plus(line.vat.rate)).div(100).round(4));
    }
  });

  const customerName = clean(input.customerName) ?? customer?.name ?? null;
  const vatMode = (input.vatMode ?? settings.vat.vatMode ?? null) as StoredDocument['vatMode'];
  // The tax mention (TXD note, printed among the legal mentions): the exemptions' texts, then the
  // option for VAT on debits.
  const mentions = [
    ...new Set(totals.vats.flatMap((v) => (v.exemptionReason ? [v.exemptionReason] : []))),
    ...(totals.vatNote && !totals.vats.some((v) => v.exemptionReason === totals.vatNote) ? [totals.vatNote] : []),
    ...(vatMode === 'Debit' ? [DEBIT_OPTION_MENTION] : []),
  ];
  const date = input.date ?? todayIn(ctx.timezone);
  return {
    ...scheduleFor({ customerType, totals, prepaid: carried.prepaid }, date, settings),
    billingAddress: billing,
    billingContact:
      contact(input.billingContact) ??
      (customer && (customer.firstName || customer.lastName)
        ? contact({
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phone: customer.phone,
            cellPhone: customer.cellPhone,
            title: customer.title,
          })
        : null),
    customerElectronicAddress: clean(input.customerElectronicAddress) ?? customer?.companyInformations.effectiveElectronicAddress ?? null,
    customerId: customer ? input.customerId! : null,
    customerName,
    customerNumber: clean(input.customerNumber) ?? customer?.number ?? null,
    customerOrderReference: clean(input.customerOrderReference),
    customerSiret: siret,
    customerType,
    customerVatNumber,
    cancelledInvoiceId: ctx.kind === 'Credit' ? (input.cancelledInvoicetId ?? null) : null,
    date,
    footerNotes: clean(input.footerNotes),
    globalDiscount,
    headerNotes: clean(input.headerNotes),
    internalId: clean(input.internalId),
    internalNotes: input.internalNotes ?? null,
    liableToVat: sellerLiable,
    lines,
    metadata: input.metadata ?? null,
    region,
    shippingAddress: toAddress(shippingAddressInput),
    shippingAmount: input.shippingAmount ?? 0,
    shippingContact: contact(input.shippingContact),
    shippingVat,
    subject: clean(input.subject),
    useTaxIncludedPrices: useTaxIncluded,
    vatMode,
    vatNote: clean(input.vatNote) ?? (mentions.length ? mentions.join('. ') : null),
    vatReverseCharge: reverseCharge,
    vendorReference: clean(input.vendorReference) ?? options?.vendorReference ?? null,
    buyerReference: options?.buyerReference ?? null,
    totals,
    ...carried,
    vatCategory: input.vatCategory ?? null,
    vatExemptionCode: clean(input.vatExemptionCode),
    deliveryDate: input.deliveryDate ?? null,
    correctedInvoiceNumber: ctx.kind === 'Credit' ? clean(input.correctedInvoiceNumber) : null,
    correctedInvoiceDate: ctx.kind === 'Credit' ? (input.correctedInvoiceDate ?? null) : null,
    customerEmail: clean(input.billingContact?.email) ?? customer?.email ?? null,
  };
}
